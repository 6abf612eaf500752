import { describe, it, expect } from 'vitest';
import * as domain from './index';

// The public names other parts of the product and outside checks call (issue 3 "Public names").
describe('package root', () => {
  it.each([
    'mgdlToMmol',
    'mmolToMgdl',
    'defaultGlucoseUnit',
    'quantile',
    'glucoseStats',
    'dailyProfile',
    'checkPassword',
    'isValidEmail',
    'isValidMobile',
    'isValidCode',
    'isValidRealName',
    'isValidPostcode',
    'isValidHeightOrWeight',
    'isValidNotes',
    'normalizeUsername',
    'ageOn',
    'needsGuardianConsent',
    'isLanguageCode',
    'findCountry',
    'siteOfCountry',
    'countriesByRegion',
    'defaultLanguageOfCountry',
    'errorInfo',
    'localDayKey',
    'groupByLocalDay',
    'validDays',
    'sensorWear',
    'coveredSeconds',
    'coverageOfSeconds',
    'periodCoverage',
    'nominalIntervalOfDevice',
    'inferSamplingInterval',
    'gapClassOf',
    'intervalOfGapClassCounts',
    'assignIntervals',
    'columnsByLocalDay',
    'insulinByLocalDay',
    'insulinSummary',
    'roundInsulin',
    'decodeInsulinOnBoard',
    'decodeBolusAmount',
    'formatGlucose',
    'displayGlucose',
  ])('exports %s', (name) => {
    expect(typeof (domain as Record<string, unknown>)[name]).toBe('function');
  });

  it('exports the constants with the spec values', () => {
    expect([
      domain.PASSWORD_MIN,
      domain.PASSWORD_MAX,
      domain.PASSWORD_MIN_REGISTER,
      domain.CODE_LENGTH,
    ]).toEqual([6, 20, 8, 6]);
    expect([
      domain.RESEND_CODE_WAIT_SECONDS,
      domain.MIN_AGE_WITHOUT_CONSENT,
      domain.NOTES_MAX_LENGTH,
    ]).toEqual([60, 16, 1000]);
    expect(domain.DEFAULT_LANGUAGE).toBe('en');
    expect(domain.LANGUAGES).toHaveLength(22);
    expect(domain.COUNTRIES).toHaveLength(65);
    expect(domain.ErrorCode.SUCCESS).toBe(0);
  });
});
