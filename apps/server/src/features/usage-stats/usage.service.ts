import type { z } from 'zod';
import { findCountry } from '@cgm/domain';
import {
  ACCOUNT_STATES,
  USAGE_MAX_DAYS,
  type AccountSummaryResponse,
  type accountSummaryQuery,
  type UsageResponse,
  type UsageRow,
  type usageQuery,
} from '@cgm/contract';
import type { AppContext } from '../../platform/context';
import type { Actor } from '../../platform/http/auth';
import { InputProblems, isCalendarDay } from '../../platform/http/input-problems';
import { sql } from 'drizzle-orm';
import { adminScopeOf } from '../../access/admin-scope';
import { countryCondition } from '../../access/admin-scope';
import { createUsageRepository } from './usage.repository';

const DAY_MS = 86_400_000;
/** Every account type, in the order the monthly figures list them. */
const USER_TYPES = ['P', 'M', 'D', 'A'] as const;
/** The usage queries alias the accounts table as `u`. */
const U_COUNTRY = sql`u.country`;
type Figures = Omit<UsageRow, 'day' | 'country'>;
const zero = (): Figures => ({
  uploads: 0,
  active_patients: 0,
  sensors_started: 0,
  patches_started: 0,
  new_accounts: 0,
});

/** `n` counts of a key, largest first (ties by key), as the contract's { key, count } list. */
function counted<K extends string>(m: Map<K, number>): Array<{ key: K; count: number }> {
  return [...m]
    .map(([key, count]) => ({ key, count }))
    .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
}
const bump = <K>(m: Map<K, number>, k: K, n: number) => m.set(k, (m.get(k) ?? 0) + n);

/**
 * Usage statistics (spec §2 /dataStatistics, /BasicQuantityRecord) and account counts
 * (/AccountSumarry): read-only figures for the account admin's scope (access/admin-scope.ts).
 */
export function createUsageService(ctx: AppContext) {
  const repo = createUsageRepository(ctx.db);

  return {
    async usage(actor: Actor, q: z.output<typeof usageQuery>): Promise<UsageResponse> {
      const problems = new InputProblems();
      problems.check(isCalendarDay(q.from), 'from', 'validation.date');
      problems.check(isCalendarDay(q.to), 'to', 'validation.date');
      problems.throwIfAny();
      const from = new Date(`${q.from}T00:00:00Z`);
      const to = new Date(Date.parse(`${q.to}T00:00:00Z`) + DAY_MS);
      const days = Math.round((to.getTime() - from.getTime()) / DAY_MS);
      problems.check(days >= 1, 'to', 'usage.errors.rangeOrder');
      problems.check(days <= USAGE_MAX_DAYS, 'to', 'usage.errors.rangeTooLong');
      problems.throwIfAny();

      const scope = await adminScopeOf(ctx.db, actor);
      const cond = countryCondition(scope, U_COUNTRY, q.country);
      const [uploads, active, activeTotal, sessions, accounts] = await Promise.all([
        repo.uploads(from, to, cond),
        repo.activePatients(from, days, cond),
        repo.activePatientsTotal(from, to, cond),
        repo.sessionsStarted(from, to, cond),
        repo.newAccounts(from, to, cond),
      ]);

      const rows = new Map<string, UsageRow>();
      const row = (day: string, country: string) => {
        const key = `${day}|${country}`;
        let r = rows.get(key);
        if (!r) rows.set(key, (r = { day, country, ...zero() }));
        return r;
      };
      for (const r of uploads) row(r.day, r.country).uploads += r.n;
      for (const r of active) row(r.day, r.country).active_patients += r.n;
      for (const r of sessions) {
        const target = row(r.day, r.country);
        if (r.kind === 'sensor') target.sensors_started += r.n;
        else target.patches_started += r.n;
      }
      for (const r of accounts) row(r.day, r.country).new_accounts += r.n;

      const list = [...rows.values()].sort(
        (a, b) => a.day.localeCompare(b.day) || a.country.localeCompare(b.country),
      );
      const totals = zero();
      for (const r of list) {
        totals.uploads += r.uploads;
        totals.sensors_started += r.sensors_started;
        totals.patches_started += r.patches_started;
        totals.new_accounts += r.new_accounts;
      }
      totals.active_patients = activeTotal;
      return { error: 0, from: q.from, to: q.to, rows: list, totals };
    },

    async accounts(actor: Actor, q: z.output<typeof accountSummaryQuery>): Promise<AccountSummaryResponse> {
      const scope = await adminScopeOf(ctx.db, actor);
      const cond = countryCondition(scope, U_COUNTRY, q.country);
      const now = ctx.clock.now();
      const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (q.months - 1), 1));
      const [groups, monthly] = await Promise.all([repo.accountGroups(cond), repo.monthly(first, cond)]);

      const byType = new Map<'P' | 'D' | 'M' | 'A', number>();
      const byCountry = new Map<string, number>();
      const byRegion = new Map<string, number>();
      const byState = new Map<(typeof ACCOUNT_STATES)[number], number>(ACCOUNT_STATES.map((s) => [s, 0]));
      let total = 0;
      for (const g of groups) {
        if (g.deleted) {
          bump(byState, 'deleted', g.n);
          continue;
        }
        total += g.n;
        bump(byType, g.user_type as 'P', g.n);
        bump(byCountry, g.country, g.n);
        bump(byRegion, findCountry(g.country)?.region ?? 'unknown', g.n);
        bump(byState, g.status as 'active', g.n);
      }

      const months: AccountSummaryResponse['monthly'] = [];
      const running = new Map(USER_TYPES.map((type) => [type, monthly.before.get(type) ?? 0]));
      for (let i = 0; i < q.months; i++) {
        const d = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + i, 1));
        const month = d.toISOString().slice(0, 7);
        const byType = USER_TYPES.map((key) => {
          const created = monthly.created.get(`${month}|${key}`) ?? 0;
          const deleted = monthly.deleted.get(`${month}|${key}`) ?? 0;
          const total = running.get(key)! + created - deleted;
          running.set(key, total);
          return { key, created, deleted, total };
        });
        const sum = (k: 'created' | 'deleted' | 'total') => byType.reduce((n, x) => n + x[k], 0);
        months.push({
          month,
          created: sum('created'),
          deleted: sum('deleted'),
          total: sum('total'),
          by_type: byType,
        });
      }
      return {
        error: 0,
        total,
        by_type: counted(byType),
        by_country: counted(byCountry),
        by_region: counted(byRegion),
        by_state: ACCOUNT_STATES.map((key) => ({ key, count: byState.get(key) ?? 0 })),
        monthly: months,
      };
    },
  };
}
