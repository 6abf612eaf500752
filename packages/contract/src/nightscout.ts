import { z } from 'zod';

// The Nightscout-compatible API (docs/NIGHTSCOUT.md), the patient's credentials for it, third-party
// read access through OAuth 2.0, and file imports and exports. The Nightscout routes themselves
// (/api/v1, /api/v3, /api/v2/authorization) speak Nightscout's own JSON, not the portal's envelope.

export const NS_API = {
  credentials: (id: string) => `/api/v2.0/nightscout/${encodeURIComponent(id)}/credentials`,
  credentialRevoke: (id: string, cid: string) =>
    `/api/v2.0/nightscout/${encodeURIComponent(id)}/credentials/${encodeURIComponent(cid)}/revoke`,
  /** Every app holding access to the patient's data (Nightscout credentials and OAuth grants). */
  apps: (id: string) => `/api/v2.0/nightscout/${encodeURIComponent(id)}/apps`,
  appRevoke: (id: string) => `/api/v2.0/nightscout/${encodeURIComponent(id)}/apps/revoke`,
  imports: (id: string) => `/api/v2.0/imports/${encodeURIComponent(id)}`,
  exports: (id: string) => `/api/v2.0/exports/${encodeURIComponent(id)}`,
  oauthClient: '/api/v2.0/oauth/client',
  oauthAuthorize: '/api/v2.0/oauth/authorize',
  oauthToken: '/api/v2.0/oauth/token',
  oauthRevoke: '/api/v2.0/oauth/revoke',
  /** Nightscout's bases: the site URL is the portal's address, the credential names the patient. */
  v1: '/api/v1',
  v3: '/api/v3',
} as const;

export const nsPermission = z.enum(['read', 'readwrite']);
export type NsPermission = z.infer<typeof nsPermission>;

export const nsCredentialCreateRequest = z.object({
  name: z.string().trim().min(1).max(60),
  permission: nsPermission,
});
export type NsCredentialCreateRequest = z.infer<typeof nsCredentialCreateRequest>;

export const nsCredential = z.object({
  id: z.string(),
  name: z.string(),
  permission: nsPermission,
  hint: z.string(),
  created_at: z.number(),
  last_used_at: z.number().nullable(),
});
export type NsCredential = z.infer<typeof nsCredential>;

export const nsCredentialsResponse = z.object({
  error: z.literal(0),
  /** The site URL to type into the apps (the portal's public address). */
  site_url: z.string(),
  credentials: z.array(nsCredential),
});
export type NsCredentialsResponse = z.infer<typeof nsCredentialsResponse>;

export const nsCredentialCreated = z.object({
  error: z.literal(0),
  credential: nsCredential,
  /** Shown once: the secret/token to type into the app. Only hashes are stored. */
  token: z.string(),
  /** The SHA-1 hex the apps send in the `api-secret` header, for apps that ask for it. */
  api_secret_sha1: z.string(),
  site_url: z.string(),
});
export type NsCredentialCreated = z.infer<typeof nsCredentialCreated>;

export const appWithAccess = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['nightscout', 'oauth']),
  scopes: z.array(z.string()),
  created_at: z.number(),
  last_used_at: z.number().nullable(),
});
export type AppWithAccess = z.infer<typeof appWithAccess>;
export const appsWithAccessResponse = z.object({ error: z.literal(0), apps: z.array(appWithAccess) });
export const appRevokeRequest = z.object({
  kind: z.enum(['nightscout', 'oauth']),
  app_id: z.string().min(1),
});
export type AppRevokeRequest = z.infer<typeof appRevokeRequest>;
export const nsOkResponse = z.object({ error: z.literal(0) });

// OAuth 2.0 authorization code with PKCE (RFC 6749, RFC 7636), public clients (RFC 8252).
export const OAUTH_SCOPES = ['entries:read', 'treatments:read', 'devicestatus:read', 'profile:read'] as const;
export const oauthScope = z.enum(OAUTH_SCOPES);
export const oauthAuthorizeRequest = z.object({
  client_id: z.string().trim().min(1).max(120),
  client_name: z.string().trim().max(120).optional(),
  redirect_uri: z.string().min(1).max(500),
  scope: z.string().max(500).optional(),
  state: z.string().max(500).optional(),
  code_challenge: z.string().min(43).max(128),
  code_challenge_method: z.literal('S256'),
});
export type OauthAuthorizeRequest = z.infer<typeof oauthAuthorizeRequest>;
export const oauthClientInfo = z.object({
  error: z.literal(0),
  client_id: z.string(),
  client_name: z.string(),
  redirect_uri: z.string(),
  redirect_host: z.string(),
  scopes: z.array(oauthScope),
});
export type OauthClientInfo = z.infer<typeof oauthClientInfo>;
export const oauthAuthorizeResponse = z.object({ error: z.literal(0), redirect: z.string() });

/** The web page where the patient sees what an app asks for and agrees (the authorization endpoint). */
export const OAUTH_AUTHORIZE_PAGE = '/oauth/authorize';

/** The token endpoint's body (form-encoded as RFC 6749 §4.1.3 and §6 require, or JSON). */
export const oauthTokenRequest = z.object({
  grant_type: z
    .enum(['authorization_code', 'refresh_token'])
    .describe('authorization_code to redeem a code, refresh_token to renew'),
  client_id: z.string().describe('The client_id the code was issued to'),
  code: z.string().optional().describe('authorization_code: the one-time code from the redirect'),
  redirect_uri: z.string().optional().describe('authorization_code: the redirect_uri of the request'),
  code_verifier: z
    .string()
    .min(43)
    .max(128)
    .optional()
    .describe('authorization_code: the PKCE verifier whose S256 hash was the code_challenge'),
  refresh_token: z.string().optional().describe('refresh_token: the refresh token (single use, rotates)'),
});
export type OauthTokenRequest = z.infer<typeof oauthTokenRequest>;

/** What each scope lets an app read. */
export const OAUTH_SCOPE_TEXT: Record<(typeof OAUTH_SCOPES)[number], string> = {
  'entries:read': 'Glucose readings (Nightscout entries)',
  'treatments:read': 'Insulin, carbohydrates and other treatments',
  'devicestatus:read': 'Pump and uploader status',
  'profile:read': 'Therapy profiles (basal, ratios, sensitivity, targets)',
};

/**
 * The OpenAPI security scheme of third-party read access: authorization code with PKCE. Its tokens
 * are sent as `Authorization: Bearer` to the Nightscout read endpoints (/api/v1, /api/v3).
 */
export const oauthSecurityScheme = {
  type: 'oauth2',
  description:
    'Third-party read access to one patient’s data: authorization code with PKCE (S256, public clients). ' +
    'Access tokens last 1 hour; refresh tokens rotate and last 90 days; POST /api/v2.0/oauth/revoke ends the access.',
  flows: {
    authorizationCode: {
      authorizationUrl: OAUTH_AUTHORIZE_PAGE,
      tokenUrl: NS_API.oauthToken,
      refreshUrl: NS_API.oauthToken,
      scopes: OAUTH_SCOPE_TEXT,
    },
  },
} as const;

// File imports and exports.
export const IMPORT_FORMATS = [
  'dexcom_clarity_csv',
  'libreview_csv',
  'nightscout_json',
  'tidepool_json',
  /** The portal's own CSV export (its JSON export is Nightscout JSON). */
  'portal_csv',
] as const;
export const importFormat = z.enum(IMPORT_FORMATS);
/** Day first (05-11-2026 is 5 November) or month first (May 11). */
export const DATE_ORDERS = ['dmy', 'mdy'] as const;
export type DateOrder = (typeof DATE_ORDERS)[number];
export type ImportFormat = z.infer<typeof importFormat>;
export const importRequest = z.object({
  format: importFormat,
  filename: z.string().trim().max(200).optional(),
  /** The file's text (CSV or JSON). */
  content: z.string().min(1).max(60_000_000),
  /** IANA time zone of CSV files' local times (Clarity, LibreView write local times without a zone). */
  time_zone: z.string().max(64).optional(),
  /**
   * How the file's dates like 05-11-2026 read (day or month first), when the file itself does not
   * tell: asked of the person after an answer with `date_order_needed`.
   */
  date_order: z.enum(DATE_ORDERS).optional(),
});
export type ImportRequest = z.infer<typeof importRequest>;
export const importResponse = z.object({
  error: z.literal(0),
  upload_id: z.string().nullable(),
  read: z.number().int(),
  stored: z.number().int(),
  duplicates: z.number().int(),
  rejected: z.number().int(),
  first_time: z.number().nullable(),
  last_time: z.number().nullable(),
  problems: z.array(z.string()),
  /** The order the file's day/month dates were read in, and who decided it; null without such dates. */
  date_order: z.enum(DATE_ORDERS).nullable(),
  date_order_by: z.enum(['file', 'user']).nullable(),
  /** Nothing was stored: no date of the file tells the order; this is one of them, to ask about. */
  date_order_needed: z.string().nullable(),
});
export type ImportResponse = z.infer<typeof importResponse>;
export const exportQuery = z.object({
  from: z.coerce.number().int(),
  to: z.coerce.number().int(),
  format: z.enum(['csv', 'json']),
});
export type ExportQuery = z.infer<typeof exportQuery>;
