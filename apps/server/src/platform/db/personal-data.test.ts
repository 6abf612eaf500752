import { describe, expect, it } from 'vitest';
import { getTableColumns, getTableName, isTable } from 'drizzle-orm';
import * as schema from './schema';
import { PATIENT_DATA_TABLES } from './personal-data';

describe('personal data tables', () => {
  it('lists every table of the schema that is keyed by a patient', () => {
    const keyed = Object.values(schema)
      .filter((t) => isTable(t))
      .filter((t) => Object.values(getTableColumns(t)).some((c) => c.name === 'patient_id'))
      .map((t) => getTableName(t))
      .sort();
    const listed = PATIENT_DATA_TABLES.map((t) => getTableName(t)).sort();
    // relations is keyed by patient too, but holds two people: deletePersonalData removes it either way.
    expect(listed).toEqual(keyed.filter((n) => n !== 'relations'));
  });
});
