import { describe, expect, it } from 'vitest';
import { sourcesMatching } from '../../test-support/source-files';

// The basal day blocks are kept by the write path, not by triggers (migration 0022): a write of
// basal_segments anywhere but basal-store.ts would leave them out of date. (An account's data as a
// whole goes through platform/db/personal-data.ts, which deletes the blocks with the segments.)

/** SQL that writes the table, a drizzle write of it, or a bulk insert into it. */
const WRITES =
  /(insert\s+into|delete\s+from|update)\s+basal_segments\b|\.(insert|update|delete)\(basalSegments\)|insertUnnest\(\s*\w+,\s*'basal_segments'/i;

describe('basal segments', () => {
  it('are written only by patient-data/basal-store.ts', () => {
    expect(sourcesMatching(WRITES)).toEqual(['patient-data/basal-store.ts']);
  });

  it('would be caught if written elsewhere, by SQL or by drizzle', () => {
    for (const write of [
      'delete from basal_segments where',
      'INSERT INTO basal_segments (patient_id)',
      'update basal_segments set rate = 1',
      'tx.delete(basalSegments).where(x)',
      "insertUnnest(tx, 'basal_segments', columns)",
    ])
      expect(WRITES.test(write), write).toBe(true);
    expect(WRITES.test('select max(time) from basal_segments where')).toBe(false);
  });
});
