// The API paths of spec §7 (and the ones this product adds), in one place for server and web.
export const API = {
  config: '/api/v2.0/config',
  login: '/api/v2.0/login',
  loginMfa: '/api/v2.0/login/mfa',
  loginMfaResend: '/api/v2.0/login/mfa/resend',
  logout: '/api/v2.0/logout',
  adminLogout: '/api/v2.1/logout',
  session: '/api/v2.0/session',
  profile: '/api/v2.0/person/profile',
  portrait: (uid: string) => `/api/v2.0/person/${encodeURIComponent(uid)}/portrait`,
  portraitUpload: '/api/v2.0/person/portrait',
  security: '/api/v2.0/person/security',
  termsAccept: '/api/v2.0/person/terms',
  seccodeSend: '/api/v2.0/seccode/send',
  register: '/api/v2.0/regist',
  hcpApply: '/api/v2.0/hcp/apply',
  passwordModify: '/api/v2.0/password/modify',
  passwordResetToken: '/api/v2.0/password/reset/token',
  passwordReset: '/api/v2.0/password/reset',
  devices: '/api/v2.0/devices',
  ingest: '/api/v2.0/ingest',
  monitorStatus: (id: string) => `/api/v2.1/monitor/${encodeURIComponent(id)}/status`,
  monitorProfile: (id: string) => `/api/v2.0/monitor/${encodeURIComponent(id)}/profile`,
  monitorSettings: (id: string) => `/api/v2.0/monitor/${encodeURIComponent(id)}/settings`,
  monitorData: '/api/v2.0/monitor/data',
  settings: (id: string) => `/api/v2.0/settings/${encodeURIComponent(id)}`,
} as const;

/** The server's route pattern of a parameterised path: `routeOf(API.monitorStatus)` → `/api/v2.1/monitor/:id/status`. */
export const routeOf = (path: (id: string) => string): string => decodeURIComponent(path(':id'));
