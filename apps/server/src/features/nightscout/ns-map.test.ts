import { describe, expect, it } from 'vitest';
import { UPLOADED_SERIAL_PREFIX } from '../../patient-data';
import { unstorableText } from '../../platform/lib/storable-text';
import { toRecords } from './ns-map';

const sgv = (device: unknown, direction = 'Flat') => ({ type: 'sgv', sgv: 120, direction, device });
const serialOf = (device: unknown) => {
  const [record] = toRecords('entries', sgv(device), 1, Date.UTC(2026, 0, 1), 0);
  return (record as { serial: string }).serial;
};

describe('toRecords: an entry reading', () => {
  it('is a source per uploading device, after the Nightscout prefix', () => {
    expect(serialOf('xDrip-DexcomG6')).toBe(`${UPLOADED_SERIAL_PREFIX}xDrip-DexcomG6`);
    expect(serialOf(undefined)).toBe(`${UPLOADED_SERIAL_PREFIX}unknown`);
    expect(serialOf(' ')).toBe(`${UPLOADED_SERIAL_PREFIX}unknown`);
  });

  it('cuts a long device name at 64 characters, never inside a character', () => {
    const room = 64 - UPLOADED_SERIAL_PREFIX.length;
    expect(serialOf('a'.repeat(200))).toHaveLength(64);
    // An emoji (two UTF-16 units) across the 64th character is left out whole.
    const serial = serialOf(`${'a'.repeat(room - 1)}😀tail`);
    expect(serial).toBe(`${UPLOADED_SERIAL_PREFIX}${'a'.repeat(room - 1)}`);
    expect(unstorableText(serial)).toBeNull();
    expect(serialOf(`${'a'.repeat(room - 2)}😀tail`)).toBe(
      `${UPLOADED_SERIAL_PREFIX}${'a'.repeat(room - 2)}😀`,
    );
  });

  it('shows TripleUp and TripleDown as DoubleUp and DoubleDown', () => {
    const rateOf = (direction: string) =>
      (toRecords('entries', sgv('x', direction), 1, 0, 0)[0] as { rate: number }).rate;
    expect(rateOf('TripleUp')).toBe(rateOf('DoubleUp'));
    expect(rateOf('TripleDown')).toBe(rateOf('DoubleDown'));
    expect(rateOf('TripleUp')).not.toBe(rateOf('Flat'));
  });
});
