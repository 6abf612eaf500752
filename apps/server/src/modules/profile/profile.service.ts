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
import type { AppContext } from '../../context';
import { fail } from '../../http/api-error';
import { InputProblems, isoDay } from '../../http/input-problems';
import {
  loadProfile,
  updateAccount,
  updateProfileRow,
  type LoadedProfile,
  type ProfileChanges,
  type UserChanges,
} from './profile.repository';

/** Spec §3: "Empty strings clear optional text fields" (contract `profileUpdate`). */
const blankToNull = (value: string | null | undefined): string | null | undefined =>
  value === undefined ? undefined : value === null || value === '' ? null : value;

function toProfile({ user, profile }: LoadedProfile): Profile {
  return {
    uid: user.id,
    username: user.username,
    user_type: user.userType,
    realname: profile.realname,
    alias: profile.alias,
    gender: profile.gender as Profile['gender'],
    height: profile.height,
    weight: profile.weight,
    diabetes_type: profile.diabetesType as Profile['diabetes_type'],
    address: profile.address,
    zipcode: profile.zipcode,
    mobile: user.mobile,
    telephone: profile.telephone,
    email: user.email,
    serve_for: profile.serveFor,
    major: profile.major as Profile['major'],
    organisation: profile.organisation,
    bio: profile.bio,
    birthday: profile.birthday,
    diabetes_diagnosis_date: profile.diabetesDiagnosisDate,
    country: user.country,
    language: user.language as Profile['language'],
    created_by: user.createdBy,
    has_portrait: Boolean(profile.hasPortrait),
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
    const loaded = await loadProfile(ctx.db, userId);
    if (!loaded) return fail(ErrorCode.NOT_FOUND);
    return { error: 0, profile: toProfile(loaded) };
  }

  function validate(input: ProfileUpdate, current: LoadedProfile, today: string): void {
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
    const current = await loadProfile(ctx.db, userId);
    if (!current) return fail(ErrorCode.NOT_FOUND);
    const now = clock.now();
    validate(input, current, isoDay(now));

    const account: UserChanges = {};
    if (input.mobile !== undefined) account.mobile = blankToNull(input.mobile);
    if (input.country !== undefined) account.country = input.country;
    if (input.language !== undefined) account.language = input.language;

    const profile: ProfileChanges = {
      realname: input.realname,
      alias: blankToNull(input.alias),
      gender: input.gender,
      height: input.height,
      weight: input.weight,
      diabetesType: input.diabetes_type,
      address: blankToNull(input.address),
      zipcode: blankToNull(input.zipcode),
      telephone: blankToNull(input.telephone),
      serveFor: blankToNull(input.serve_for),
      major: input.major,
      organisation: blankToNull(input.organisation),
      bio: blankToNull(input.bio),
      birthday: input.birthday,
      diabetesDiagnosisDate: input.diabetes_diagnosis_date,
    };
    // drizzle leaves undefined columns untouched, so only the fields sent are written.
    await ctx.db.transaction(async (tx) => {
      if (Object.keys(account).length > 0) await updateAccount(tx, userId, account, now);
      await updateProfileRow(tx, userId, profile, now);
    });
    return get(userId);
  }

  return { get, update };
}
