import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@cgm/domain';
import { CLIENT_CODES } from '../../api/client';
import { toPollAnswer } from './monitor-api';

const fail = (status: number, code: number) => ({ ok: false as const, status, code, body: {} });

describe('toPollAnswer', () => {
  it('passes on the new eventNo and the patients with data', () => {
    const ok = { ok: true as const, status: 200, data: { eventNo: 9, data: [{ uid: 'p1', eventNo: 9 }] } };
    expect(toPollAnswer(ok)).toEqual({ kind: 'answer', eventNo: 9, uids: ['p1'], glucose: {} });
  });
  it('passes on the readings a patient’s answer carries, by patient', () => {
    const glucose = { source: 'realtime' as const, from: 5, to: 5, sg: [], newest: null };
    const data = {
      eventNo: 9,
      data: [
        { uid: 'p1', eventNo: 9, glucose },
        { uid: 'p2', eventNo: 8 },
      ],
    };
    expect(toPollAnswer({ ok: true as const, status: 200, data })).toEqual({
      kind: 'answer',
      eventNo: 9,
      uids: ['p1', 'p2'],
      glucose: { p1: glucose },
    });
  });
  it('stops for good on 403', () => {
    expect(toPollAnswer(fail(403, ErrorCode.FORBIDDEN))).toEqual({ kind: 'forbidden' });
  });
  it('stops when the session is gone', () => {
    expect(toPollAnswer(fail(401, ErrorCode.UNAUTHORIZED))).toEqual({ kind: 'unauthorized' });
    expect(toPollAnswer(fail(200, ErrorCode.TOKEN_INVALID))).toEqual({ kind: 'unauthorized' });
  });
  it('retries after network errors, timeouts and server errors', () => {
    expect(toPollAnswer(fail(0, CLIENT_CODES.network))).toEqual({ kind: 'failed' });
    expect(toPollAnswer(fail(0, CLIENT_CODES.timeout))).toEqual({ kind: 'failed' });
    expect(toPollAnswer(fail(500, ErrorCode.INTERNAL))).toEqual({ kind: 'failed' });
  });
  it('knows its own abort', () => {
    expect(toPollAnswer(fail(0, CLIENT_CODES.aborted))).toEqual({ kind: 'aborted' });
  });
});
