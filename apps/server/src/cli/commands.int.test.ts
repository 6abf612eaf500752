import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { users } from '../platform/db/schema';
import { runCommand } from './commands';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

const createUser = (username: string, extra: Record<string, string | boolean> = {}) =>
  runCommand(
    'create-user',
    { type: 'D', username, password: 'Cli#Account2026', name: 'Cli Person', ...extra },
    { config: t.ctx.config, database: t.ctx.database },
  );
const account = async (username: string) =>
  (await t.ctx.db.select().from(users).where(eq(users.username, username)))[0];

describe('npm run cli -- create-user', () => {
  it("gives the account its country's own language when none is named", async () => {
    await createUser('berlin@cli.example', { country: 'DE' });
    await createUser('lyon@cli.example', { country: 'fr' });
    expect(await account('berlin@cli.example')).toMatchObject({ country: 'DE', language: 'de' });
    expect(await account('lyon@cli.example')).toMatchObject({ country: 'FR', language: 'fr' });
  });

  it('keeps a language the operator named', async () => {
    await createUser('madrid@cli.example', { country: 'ES', language: 'en' });
    expect(await account('madrid@cli.example')).toMatchObject({ country: 'ES', language: 'en' });
  });

  it('makes a clinic login with --clinic-login', async () => {
    await createUser('desk@cli.example', { country: 'IT', 'clinic-login': true });
    expect(await account('desk@cli.example')).toMatchObject({ clinicLogin: true, language: 'it' });
  });
});
