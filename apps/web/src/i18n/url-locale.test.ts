import { describe, expect, it } from 'vitest';
import { normalizeLanguage, parseHashLocale, parseQueryLocale } from './url-locale';

describe('parseHashLocale', () => {
  it.each([
    ['', {}],
    ['#', {}],
    ['#country=DE&language=de', { country: 'DE', language: 'de' }],
    ['#/login?country=DE&language=de', { country: 'DE', language: 'de' }],
    ['#/hcpLogin?language=fr&country=fr', { country: 'FR', language: 'fr' }],
    ['#DE/de', { country: 'DE', language: 'de' }],
    ['#DE-de', { country: 'DE', language: 'de' }],
    ['#de-DE', { country: 'DE', language: 'de' }],
    ['#CN/zh-CN', { country: 'CN', language: 'zh-CN' }],
    ['#CN-zh-cn', { country: 'CN', language: 'zh-CN' }],
    ['#TW_zh_TW', { country: 'TW', language: 'zh-TW' }],
    ['#IL/he', { country: 'IL', language: 'he' }],
    ['#SA-ar', { country: 'SA', language: 'ar' }],
    ['#GB', { country: 'GB' }],
    ['#XX/de', { language: 'de' }],
    ['#DE/xx', { country: 'DE' }],
    ['#country=ZZ&language=klingon', {}],
    ['#language=nb', { language: 'nb' }],
    ['#lang=sv', { language: 'sv' }],
    ['#/login', {}],
    ['#%E0%A4%A', {}],
    ['#country%3DFR%26language%3Dfr', { country: 'FR', language: 'fr' }],
    ['#toolong/de', {}],
  ] as const)('%s', (hash, expected) => {
    expect(parseHashLocale(hash)).toEqual(expected);
  });
});

describe('parseQueryLocale', () => {
  it('reads country and language', () => {
    expect(parseQueryLocale('?country=it&language=IT')).toEqual({ country: 'IT', language: 'it' });
    expect(parseQueryLocale('')).toEqual({});
  });
});

describe('normalizeLanguage', () => {
  it.each([
    ['EN', 'en'],
    ['zh_cn', 'zh-CN'],
    ['zh-tw', 'zh-TW'],
    ['nb', 'nb'],
    ['no', undefined],
    ['', undefined],
    [null, undefined],
  ] as const)('%s → %s', (input, out) => {
    expect(normalizeLanguage(input)).toBe(out);
  });
});
