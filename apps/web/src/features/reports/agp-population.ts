import { AGP_POPULATIONS, DEFAULT_AGP_POPULATION, type AgpPopulation } from '@cgm/domain';
import { localStore } from '../../lib/storage';

// Whose consensus goals the AGP prints (Battelino 2019): the clinician chooses. The choice is kept
// in the report's address (?goals=older or ?goals=pregnancy, so a link or a print carries it) and
// remembered per patient in this browser, so the next AGP of a pregnant patient opens with hers.

const PARAM = 'goals';
const VALUE_OF: Record<AgpPopulation, string | null> = {
  type1or2: null,
  olderOrHighRisk: 'older',
  pregnancyType1: 'pregnancy',
};
const storageKey = (uid: string) => `reports.agpGoals.${uid}`; // i18n-scan: storage key

const fromValue = (v: string | null): AgpPopulation | null =>
  AGP_POPULATIONS.find((p) => VALUE_OF[p] === v && v !== null) ?? null;

/** The population of the address, else the one last chosen for this patient, else most adults. */
export function readAgpPopulation(sp: URLSearchParams, uid: string | null): AgpPopulation {
  const inAddress = fromValue(sp.get(PARAM));
  if (inAddress) return inAddress;
  const saved = uid ? localStore().getItem(storageKey(uid)) : null;
  return fromValue(saved) ?? DEFAULT_AGP_POPULATION;
}

/** The address with this population, remembered for the patient (the default leaves no parameter). */
export function writeAgpPopulation(
  sp: URLSearchParams,
  uid: string | null,
  population: AgpPopulation,
): URLSearchParams {
  const next = new URLSearchParams(sp);
  const value = VALUE_OF[population];
  if (value === null) next.delete(PARAM);
  else next.set(PARAM, value);
  if (uid) localStore().setItem(storageKey(uid), value ?? 'standard');
  return next;
}
