import type { NsPermission } from '@cgm/contract';

// What to type into each app for a new credential (docs/NIGHTSCOUT.md §2), filled in with the
// portal's address and the secret, so the patient copies the exact form that works: xDrip+ as a
// follower, for one, drops a `?token=` and needs the secret before the host.

export interface AppSetupLine {
  /** The i18n key naming the app and the setting. */
  key: string;
  value: string;
}

/** The site URL with the secret as its user info (`https://SECRET@host/…`), as xDrip+ reads it. */
function withUserInfo(siteUrl: string, secret: string, path: string): string {
  const u = new URL(siteUrl);
  u.username = secret;
  u.password = '';
  u.pathname = `${u.pathname.replace(/\/+$/, '')}/${path}`;
  return u.toString();
}

const join = (siteUrl: string, rest: string) => `${siteUrl.replace(/\/+$/, '')}/${rest}`;

export function appSetupLines(
  siteUrl: string,
  secret: string,
  sha1: string,
  permission: NsPermission,
): AppSetupLine[] {
  const site = siteUrl.replace(/\/+$/, '');
  if (permission === 'read')
    return [
      { key: 'nightscoutSetup.xdripFollower', value: withUserInfo(siteUrl, secret, '') },
      { key: 'nightscoutSetup.nightguard', value: join(siteUrl, `?token=${secret}`) },
      { key: 'nightscoutSetup.loopFollow', value: site },
      { key: 'nightscoutSetup.watchFaces', value: join(siteUrl, `pebble?token=${secret}`) },
    ];
  return [
    { key: 'nightscoutSetup.xdripUploader', value: withUserInfo(siteUrl, secret, 'api/v1/') },
    { key: 'nightscoutSetup.loopTrioAaps', value: site },
    {
      key: 'nightscoutSetup.librelinkUp',
      value: `NIGHTSCOUT_URL=${new URL(siteUrl).host} NIGHTSCOUT_API_TOKEN=${sha1}`,
    },
  ];
}
