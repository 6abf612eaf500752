import {
  API,
  hcpApplyResponse,
  seccodeSendResponse,
  type HcpApplyRequest,
  type RegisterRequest,
} from '@cgm/contract';
import type { LanguageCode } from '@cgm/domain';
import { api } from '../../api/api';

const publicCall = { authRedirect: false } as const;

export type CodePurpose = 'register' | 'hcp_apply';

export function sendCode(
  target: { email?: string; mobile?: string },
  purpose: CodePurpose,
  language: LanguageCode,
) {
  return api.post(API.seccodeSend, { ...target, purpose, language }, seccodeSendResponse, publicCall);
}

export function register(body: RegisterRequest) {
  return api.post(API.register, body, undefined, publicCall);
}

export function applyHcp(body: HcpApplyRequest) {
  return api.post(API.hcpApply, body, hcpApplyResponse, publicCall);
}
