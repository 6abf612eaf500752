import { request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { account } from '../../../test-support/patients-fixture';

// Issue 21 item 5: a long poll whose client went away (tab closed, network switched, the client's
// own timeout) leaves the waiting room as soon as its socket closes, not when the ~110 s wait ends:
// 50,000 waiting followers must not carry thousands of dead ones. Real sockets, not inject().

let t: TestApp;
let base: string;
let token: string;
let patientId: string;

beforeAll(async () => {
  t = await createTestApp();
  const patient = await account(t, 'pat@example.com', { userType: 'P' });
  patientId = patient.id;
  token = patient.token;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});
afterAll(() => t.close());

const waiting = () => t.app.monitorRoom.stats().waiting;

async function until(cond: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (cond()) return true;
    await new Promise((r) => setTimeout(r, 5));
  }
  return cond();
}

/** A long poll on the patient's own data, sent over its own socket; the request, to abandon. */
function poll() {
  const body = JSON.stringify({ uids: [patientId], eventNo: Number.MAX_SAFE_INTEGER });
  const req = request(`${base}${API.monitorData}`, {
    method: 'POST',
    agent: false,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
    },
  });
  req.on('error', () => {});
  req.end(body);
  return req;
}

describe('abandoned long polls', () => {
  it('leave the waiting room at once when their sockets close', async () => {
    const polls = Array.from({ length: 20 }, poll);
    expect(await until(() => waiting() === 20, 5000)).toBe(true);
    for (const p of polls) p.destroy();
    const started = Date.now();
    expect(await until(() => waiting() === 0, 2000)).toBe(true);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(t.app.monitorRoom.stats().patients).toBe(0);
  });

  it('leave it too when the socket closed before the poll began to wait', async () => {
    // The client gives up while the server still checks access (a database round trip): the
    // socket's close comes before the waiting room could listen for it. The order is forced here:
    // each poll goes to the room only after its socket has closed.
    const room = t.app.monitorRoom;
    const realAdd = room.add;
    let joined = 0;
    const add = vi.spyOn(room, 'add').mockImplementation((...args: Parameters<typeof realAdd>) => {
      const join = () => {
        realAdd(...args);
        joined++;
      };
      if (args[0].raw.destroyed) join();
      else args[0].raw.once('close', () => setImmediate(join));
    });
    try {
      const polls = Array.from({ length: 20 }, () => {
        const req = poll();
        req.once('finish', () => req.destroy());
        return req;
      });
      // On the embedded database every poll reaches the room (after its close, as forced above);
      // on PostgreSQL the server may see the close first and never queue it. Either way none stays.
      await until(() => joined === 20, 5000);
      expect(polls.every((p) => p.destroyed)).toBe(true);
      expect(await until(() => waiting() === 0, 1000)).toBe(true);
      expect(t.app.monitorRoom.stats().patients).toBe(0);
    } finally {
      add.mockRestore();
    }
  });

  it('leave it when the client only half-closes (sends FIN, reads on)', async () => {
    const url = new URL(base);
    const body = JSON.stringify({ uids: [patientId], eventNo: Number.MAX_SAFE_INTEGER });
    const sockets = Array.from({ length: 20 }, () => {
      const s = connect({ host: url.hostname, port: Number(url.port), allowHalfOpen: true });
      s.on('error', () => {});
      s.write(
        `POST ${API.monitorData} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
      return s;
    });
    expect(await until(() => waiting() === 20, 5000)).toBe(true);
    for (const s of sockets) s.end();
    expect(await until(() => waiting() === 0, 1000)).toBe(true);
    for (const s of sockets) s.destroy();
  });
});
