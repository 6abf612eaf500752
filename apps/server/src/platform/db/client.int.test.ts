import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase } from '../../../test-support/test-db';

describe('bytea', () => {
  it('arrives as the stored bytes, every value from 0 to 255, on either driver', async () => {
    const database = await createTestDatabase();
    try {
      const result = await database.db.execute(
        sql`select string_agg(set_byte('\\x00'::bytea, 0, b), ''::bytea order by b) as bytes,
                   ''::bytea as empty
              from generate_series(0, 255) b`,
      );
      const row = (result as unknown as { rows: Array<{ bytes: Uint8Array; empty: Uint8Array }> }).rows[0]!;
      expect(row.bytes).toBeInstanceOf(Uint8Array);
      expect(Array.from(row.bytes)).toEqual(Array.from({ length: 256 }, (_, i) => i));
      expect(row.empty.byteLength).toBe(0);
    } finally {
      await database.close();
    }
  });
});
