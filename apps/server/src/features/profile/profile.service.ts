import {
  ErrorCode,
  findCountry,
  isValidMobile,
  isValidPostcode,
  isValidRealName,
  REAL_NAME_PROBLEM,
  siteOfCountry,
} from '@cgm/domain';
import type { Profile, ProfileUpdate } from '@cgm/contract';
import type { AppContext } from '../../platform/context';
import { fail } from '../../platform/http/api-error';
import { InputProblems, isoDay } from '../../platform/http/input-problems';
import {
  blankToNull,
  loadAccountProfile,
  personalDetails,
  personalDetailChanges,
  updateProfile,
  type AccountProfile,
} from '../../accounts/profile-mapping';
import { updateAccount, type UserChanges } from './profile.repository';

function toProfile(loaded: AccountProfile): Profile {
  const { user, profile } = loaded;
  return {
    ...personalDetails(loaded),
    user_type: user.userType,
    serve_for: profile.serveFor,
    major: profile.major as Profile['major'],
    organisation: profile.organisation,
    bio: profile.bio,
    language: user.language as Profile['language'],
    mfa: user.mfaEnabled,
    show_glucose: user.showGlucose,
    created_at: user.createdAt.toISOString(),
    date: isoDay(user.createdAt),
  };
}

/**
 * The signed-in user's own profile (spec §3 "Profile", §7 person/profile). A save is all or
 * nothing: any bad field answers 400 with the spec's "Input error" (spec §8) and field details.
 */
export function createProfileService(ctx: AppContext) {
  const { clock, config } = ctx;

  async function get(userId: string): Promise<{ error: 0; profile: Profile }> {
    const loaded = await loadAccountProfile(ctx.db, userId);
    if (!loaded) return fail(ErrorCode.NOT_FOUND);
    return { error: 0, profile: toProfile(loaded) };
  }

  function validate(input: ProfileUpdate, current: AccountProfile, today: string): void {
    const problems = new InputProblems();
    // A name resent as it is stored is not checked again: one stored before the rule (spec §5)
    // must not block saving the other fields.
    if (input.realname !== undefined && input.realname !== current.profile.realname) {
      problems.check(isValidRealName(input.realname), 'realname', REAL_NAME_PROBLEM);
    }
    const zipcode = blankToNull(input.zipcode);
    const country = input.country ?? current.user.country;
    if (zipcode) problems.check(isValidPostcode(zipcode, country), 'zipcode', 'validation.postcode');
    const mobile = blankToNull(input.mobile);
    if (mobile) problems.check(isValidMobile(mobile), 'mobile', 'validation.mobile');
    // An account must stay reachable for reset and MFA codes (spec §4): no e-mail, keep the mobile.
    if (mobile === null && !current.user.email) problems.add('mobile', 'validation.contactRequired');
    if (input.country !== undefined) {
      // The account lives on its region's site (spec §2); moving it elsewhere is not a profile edit.
      const known = findCountry(input.country) !== undefined;
      problems.check(known, 'country', 'validation.country');
      if (known)
        problems.check(siteOfCountry(input.country) === config.REGION, 'country', 'validation.region');
    }
    if (input.birthday) problems.pastDay('birthday', input.birthday, today);
    if (input.diabetes_diagnosis_date) {
      problems.pastDay('diabetes_diagnosis_date', input.diabetes_diagnosis_date, today);
    }
    problems.throwIfAny('messages.inputError');
  }

  async function update(userId: string, input: ProfileUpdate): Promise<{ error: 0; profile: Profile }> {
    const current = await loadAccountProfile(ctx.db, userId);
    if (!current) return fail(ErrorCode.NOT_FOUND);
    const now = clock.now();
    validate(input, current, isoDay(now));

    const account: UserChanges = {};
    if (input.mobile !== undefined) account.mobile = blankToNull(input.mobile);
    if (input.country !== undefined) account.country = input.country;
    if (input.language !== undefined) account.language = input.language;

    const profile = {
      ...personalDetailChanges(input),
      serveFor: blankToNull(input.serve_for),
      major: input.major,
      organisation: blankToNull(input.organisation),
      bio: blankToNull(input.bio),
    };
    // drizzle leaves undefined columns untouched, so only the fields sent are written.
    await ctx.db.transaction(async (tx) => {
      if (Object.keys(account).length > 0) await updateAccount(tx, userId, account, now);
      await updateProfile(tx, userId, profile, now);
    });
    return get(userId);
  }

  return { get, update };
}
