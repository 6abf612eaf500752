import type { AppWithAccess } from '@cgm/contract';

/**
 * The words for what an app may do, as translation keys (the stored scopes are codes such as
 * "nightscout:write" that mean nothing to a patient): a Nightscout credential reads, or uploads
 * and reads; an authorized app reads the collections its scopes name.
 */
export function accessKeys(app: Pick<AppWithAccess, 'kind' | 'scopes'>): string[] {
  if (app.kind === 'nightscout') {
    return [
      app.scopes.some((s) => s.endsWith(':write'))
        ? 'nightscout.permissionReadwrite'
        : 'nightscout.permissionRead',
    ];
  }
  return app.scopes.map((s) => `oauth.scopes.${s.replace(':', '_')}`);
}
