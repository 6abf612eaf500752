import { ErrorCode, siteOfCountry, type Site } from '@cgm/domain';
import type { Config } from '../platform/config';
import { fail } from '../platform/http/api-error';

// An account lives on the regional site of its country (spec §2 "Country host"): it signs in there
// and is registered there. Elsewhere the answer is 71, with the site and the address to go to.

function siteUrl(config: Config, site: Site): string {
  return { china: config.SITE_URL_CHINA, france: config.SITE_URL_FRANCE, eu: config.SITE_URL_EU }[site];
}

/** Fails with 71 (and where to go) when the country's site is not this one. */
export function assertOnThisSite(config: Config, country: string): void {
  const site = siteOfCountry(country);
  if (site !== config.REGION) fail(ErrorCode.WRONG_REGION, { site, site_url: siteUrl(config, site) });
}
