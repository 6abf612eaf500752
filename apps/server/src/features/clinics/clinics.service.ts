import { ErrorCode, findCountry, isValidRealName, normalizeUsername, REAL_NAME_PROBLEM } from '@cgm/domain';
import type { z } from 'zod';
import {
  CLINIC_PATIENTS_MAX,
  type Clinic,
  type ClinicHcpRequest,
  type ClinicPatient,
  type clinicCreateRequest,
  type clinicEditRequest,
} from '@cgm/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import type { Actor } from '../../platform/http/auth';
import { ApiError } from '../../platform/http/api-error';
import { InputProblems } from '../../platform/http/input-problems';
import { newId } from '../../platform/lib/crypto';
import { createAccount } from '../../accounts/create-account';
import { clinics } from '../../platform/db/schema';
import { adminScopeOf, assertInScope, countryInScope } from '../../access/admin-scope';
import { recordAdminOperation } from '../../access/operation-history';
import { countryCondition } from '../../access/admin-scope';
import { createClinicsRepository, type ClinicRow, type PersonRow } from './clinics.repository';

type CreateInput = z.output<typeof clinicCreateRequest>;
type EditInput = z.output<typeof clinicEditRequest>;

const person = (p: PersonRow) => ({ uid: p.uid, username: p.username, realname: p.realname });
const regionOf = (country: string) => findCountry(country)?.region ?? 'europe';

/**
 * Clinics (spec §2 /ClinicDataAdd, /ClinicalData): an account admin creates a clinic with its clinic
 * login (an HCP account flagged clinic_login, spec §1), edits it, and assigns HCPs to it. Everything
 * is limited to the admin's scope by the clinic's country (access/admin-scope.ts).
 */
export function createClinicsService(ctx: AppContext) {
  const repo = createClinicsRepository(ctx.db);

  async function present(rows: ClinicRow[]): Promise<Clinic[]> {
    const ids = rows.map((r) => r.id);
    const [people, counts] = await Promise.all([repo.people(ids), repo.patientCounts(ids)]);
    return rows.map((c) => {
      const mine = people.filter((p) => p.clinicId === c.id);
      const login = mine.find((p) => p.clinicLogin);
      return {
        id: c.id,
        name: c.name,
        country: c.country,
        region: c.region,
        address: c.address,
        contact: c.contact,
        created_at: c.createdAt.getTime(),
        updated_at: c.updatedAt?.getTime() ?? null,
        login: login ? person(login) : null,
        hcps: mine.filter((p) => !p.clinicLogin).map(person),
        patient_count: counts.get(c.id) ?? 0,
      };
    });
  }

  async function clinicInScope(actor: Actor, id: string) {
    const scope = await adminScopeOf(ctx.db, actor);
    const row = await repo.find(id);
    // Outside the scope reads as absent: an admin learns nothing about other countries' clinics.
    if (!row || !countryInScope(scope, row.country)) throw new ApiError(ErrorCode.NOT_FOUND);
    return { scope, row };
  }

  return {
    /** The clinic's patients within the admin's scope, and how many it has in all. */
    async patients(actor: Actor, id: string): Promise<{ patients: ClinicPatient[]; total: number }> {
      const { scope } = await clinicInScope(actor, id);
      const [rows, counts] = await Promise.all([
        repo.patients(id, countryCondition(scope, sql.raw('p.country')), CLINIC_PATIENTS_MAX),
        repo.patientCounts([id]),
      ]);
      return { patients: rows.map((r) => ({ ...r, hcps: [...r.hcps] })), total: counts.get(id) ?? 0 };
    },

    async list(actor: Actor, q?: string): Promise<Clinic[]> {
      const scope = await adminScopeOf(ctx.db, actor);
      return present(await repo.list(countryCondition(scope, clinics.country), q || undefined));
    },

    async create(actor: Actor, input: CreateInput, ip: string): Promise<Clinic> {
      const scope = await adminScopeOf(ctx.db, actor);
      assertInScope(scope, input.country);
      const username = normalizeUsername(input.login.username);
      const problems = new InputProblems();
      problems.check(isValidRealName(input.login.realname), 'login.realname', REAL_NAME_PROBLEM);
      problems.password('login.password', input.login.password, username, 'register');
      problems.throwIfAny();
      if (await repo.usernameTaken(username)) {
        throw new ApiError(ErrorCode.CONFLICT, {
          details: [{ path: 'login.username', message: 'clinics.usernameTaken' }],
        });
      }
      const now = ctx.clock.now();
      const id = newId();
      await ctx.db.transaction(async (tx) => {
        await createClinicsRepository(tx).insert({
          id,
          name: input.name,
          country: input.country,
          region: regionOf(input.country),
          address: input.address ?? null,
          contact: input.contact ?? null,
          createdBy: actor.userId,
          createdAt: now,
        });
        await createAccount(
          tx,
          {
            username,
            password: input.login.password,
            realname: input.login.realname,
            userType: 'D',
            createdBy: 'admin',
            clinicLogin: true,
            // The admin typed this password: the desk person sets their own at the first sign-in
            // (login answers 112), so the admin cannot keep using the desk (issue 15, finding 1).
            mustChangePassword: true,
            // The desk speaks the clinic's language: its country's own (createAccount).
            country: input.country,
            clinicId: id,
            organisation: input.name,
          },
          now,
        );
      });
      await recordAdminOperation(ctx, {
        actorId: actor.userId,
        subjectId: id,
        action: 'clinic.create',
        detail: { name: input.name, country: input.country, login: username },
        ip,
      });
      return (await present([(await repo.find(id))!]))[0]!;
    },

    async edit(actor: Actor, id: string, input: EditInput, ip: string): Promise<Clinic> {
      const { scope, row } = await clinicInScope(actor, id);
      // Moving a clinic to another country needs that country in scope too.
      assertInScope(scope, input.country);
      await repo.update(id, {
        name: input.name,
        country: input.country,
        region: regionOf(input.country),
        address: input.address ?? null,
        contact: input.contact ?? null,
        updatedAt: ctx.clock.now(),
      });
      // Written here, before the answer, with what changed (not by the route's after-response hook).
      const changed = (['name', 'country', 'address', 'contact'] as const).filter(
        (k) => (row[k] ?? null) !== (input[k] ?? null),
      );
      await recordAdminOperation(ctx, {
        actorId: actor.userId,
        subjectId: id,
        action: 'clinic.edit',
        detail: { name: input.name, changed },
        ip,
      });
      return (await present([(await repo.find(id))!]))[0]!;
    },

    /** Puts an HCP into a clinic, or takes them out (clinic_id null). Clinic logins stay with their clinic. */
    async assignHcp(actor: Actor, req: ClinicHcpRequest, ip: string): Promise<void> {
      const scope = await adminScopeOf(ctx.db, actor);
      const account = await repo.findAccount(normalizeUsername(req.username));
      if (!account || account.deletedAt || !countryInScope(scope, account.country)) {
        throw new ApiError(ErrorCode.NOT_FOUND, { message: 'clinics.hcpNotFound' });
      }
      // Clinic logins belong to their own clinic; the admin login treats no patients.
      if (account.userType !== 'D' || account.clinicLogin || account.adminLogin) {
        throw new ApiError(ErrorCode.CONFLICT, { message: 'clinics.notAnHcp' });
      }
      if (req.clinic_id !== null) await clinicInScope(actor, req.clinic_id);
      await repo.setClinic(account.id, req.clinic_id, ctx.clock.now());
      await recordAdminOperation(ctx, {
        actorId: actor.userId,
        subjectId: account.id,
        action: req.clinic_id ? 'clinic.hcpAssign' : 'clinic.hcpRemove',
        detail: { clinicId: req.clinic_id, previousClinicId: account.clinicId },
        ip,
      });
    },
  };
}
