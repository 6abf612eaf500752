import { eq } from 'drizzle-orm';
import { checkPassword, normalizeUsername } from '@cgm/domain';
import type { Config } from '../platform/config';
import type { Database } from '../platform/db/client';
import { invitationCodes, users } from '../platform/db/schema';
import { newId } from '../platform/lib/crypto';
import { createAccount, type NewAccount } from '../accounts/create-account';

export const USAGE = `CGM Portal command line

  npm run cli -- migrate
  npm run cli -- create-super-admin --username <email> --password <pw> --name <full name>
  npm run cli -- create-user --type P|D|M|A --username <email or mobile> --password <pw> --name <full name>
        [--role AccountAdminSuper|AccountAdmin] [--created-by register|hcp|hcp_group|admin|cli]
        [--country GB] [--language <the country's own>] [--organisation <name>] [--admin-login] [--clinic-login] [--mfa]
        [--terms-agreed]   (the user agreed to the current privacy policy and terms; otherwise they are
                            asked at their first sign-in)
  npm run cli -- approve-hcp --username <email> [--reject --note <reason>]
  npm run cli -- create-invitation [--code <code>] [--days 30]
  npm run cli -- retention   (purge accounts deleted more than 2 years ago; the server also runs it hourly)
`;

type Values = Record<string, string | boolean | undefined>;
type Env = { config: Config; database: Database };

const required = (values: Values, key: string): string => {
  const v = values[key];
  if (typeof v !== 'string' || v.trim() === '') throw new Error(`--${key} is required\n\n${USAGE}`);
  return v;
};

export async function runCommand(command: string, values: Values, env: Env): Promise<string> {
  const { database } = env;
  switch (command) {
    case 'migrate':
      return 'migrations applied';
    case 'create-super-admin':
      return createChecked(env, { ...values, type: 'A', role: 'AccountAdminSuper' });
    case 'create-user':
      return createChecked(env, values);
    case 'approve-hcp': {
      const { approveByUsername } = await import('./approve-hcp');
      return approveByUsername(
        env,
        required(values, 'username'),
        values.reject ? 'rejected' : 'approved',
        values.note as string | undefined,
      );
    }
    case 'retention': {
      const { purgeExpiredAccounts } = await import('../accounts/retention');
      const purged = await purgeExpiredAccounts(database.db, new Date());
      return `retention: ${purged} deleted account(s) purged`;
    }
    case 'create-invitation': {
      const code = (values.code as string | undefined) ?? newId().slice(0, 8).toUpperCase();
      const days = Number(values.days ?? 30);
      await database.db
        .insert(invitationCodes)
        .values({ code, expiresAt: new Date(Date.now() + days * 86400_000) });
      return `invitation code ${code} (valid ${days} days)`;
    }
    default:
      throw new Error(`unknown command "${command}"\n\n${USAGE}`);
  }
}

async function createChecked(env: Env, values: Values): Promise<string> {
  const username = normalizeUsername(required(values, 'username'));
  const password = required(values, 'password');
  const type = required(values, 'type');
  if (!['P', 'D', 'M', 'A'].includes(type)) throw new Error('--type must be P, D, M or A');
  const verdict = checkPassword(password, username, 'change');
  if (!verdict.ok) throw new Error(`password refused: ${verdict.problems.join(', ')}`);
  const existing = await env.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.username, username));
  if (existing.length > 0) throw new Error(`a user named ${username} already exists`);
  const input: NewAccount = {
    username,
    password,
    userType: type as NewAccount['userType'],
    realname: required(values, 'name'),
    role: (values.role as NewAccount['role']) ?? (type === 'A' ? 'AccountAdmin' : null),
    createdBy: (values['created-by'] as NewAccount['createdBy']) ?? 'cli',
    country: (values.country as string | undefined) ?? 'GB',
    // Unset, the account speaks its country's own language (createAccount), not English.
    language: values.language as string | undefined,
    organisation: (values.organisation as string | undefined) ?? null,
    adminLogin: Boolean(values['admin-login']),
    clinicLogin: Boolean(values['clinic-login']),
    mfa: Boolean(values.mfa),
    // An operator cannot agree to the privacy policy and terms for someone else: the account's
    // user is asked at the first sign-in, by the browser and the server alike (spec §5), unless
    // the operator records an agreement the user gave them (--terms-agreed, e.g. a signed form).
    termsVersion: values['terms-agreed'] ? env.config.TERMS_VERSION : null,
  };
  const id = await createAccount(env.database.db, input);
  return `created ${input.userType} ${username} (uid ${id})`;
}
