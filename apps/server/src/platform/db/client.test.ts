import { describe, expect, it } from 'vitest';
import { openDatabase } from './client';

describe('PostgreSQL pool', () => {
  it('survives an idle connection error instead of crashing the process', async () => {
    const errors: Error[] = [];
    const database = await openDatabase({
      databaseUrl: 'postgres://nobody@127.0.0.1:1/none',
      onIdleError: (e) => errors.push(e),
    });
    // The pool re-emits errors of idle clients; with no listener Node would throw.
    database.pool!.emit('error', new Error('terminating connection due to administrator command'));
    expect(errors.map((e) => e.message)).toEqual(['terminating connection due to administrator command']);
    await database.close();
  });
});
