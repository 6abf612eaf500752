// The message keys of spec §8 "Messages", "Success messages" and "Confirmations". Only keys live
// here; the web app's locale files hold the words in 22 languages. Keys with a parameter say its
// name (i18next interpolation).

import { ERRORS } from './errors';
import { PASSWORD_PROBLEMS } from './validation';

export const MESSAGES = {
  codeIncorrect: 'messages.codeIncorrect',
  invitationIncorrect: 'messages.invitationIncorrect',
  usernameIncorrect: 'messages.usernameIncorrect',
  userNotExist: 'messages.userNotExist',
  oldPasswordIncorrect: 'messages.oldPasswordIncorrect',
  enterNewPasswordAgain: 'messages.enterNewPasswordAgain',
  passwordsDiffer: 'messages.passwordsDiffer',
  sendFailed: 'messages.sendFailed',
  deleteFailed: 'messages.deleteFailed',
  modifyFailed: 'messages.modifyFailed',
  createFailed: 'messages.createFailed',
  editFailed: 'messages.editFailed',
  acceptFailed: 'messages.acceptFailed',
  rejectFailed: 'messages.rejectFailed',
  addContactFailed: 'messages.addContactFailed',
  dateSelectionWrong: 'messages.dateSelectionWrong',
  moreThan14Days: 'messages.moreThan14Days',
  moreThan90Days: 'messages.moreThan90Days',
  endBeforeStart: 'messages.endBeforeStart',
  timeOverlapped: 'messages.timeOverlapped',
  fillRequired: 'messages.fillRequired',
  invalidCodeTryAgain: 'messages.invalidCodeTryAgain',
  usernamePasswordRequired: 'messages.usernamePasswordRequired',
  nameRequired: 'messages.nameRequired',
  informationIncomplete: 'messages.informationIncomplete',
  popupBlocked: 'messages.popupBlocked',
  chooseEventsOrData: 'messages.chooseEventsOrData',
  inputError: 'messages.inputError',
  registrationFailed: 'messages.registrationFailed',
  /** Test mode wording of a failed registration. */
  infoWrong: 'messages.infoWrong',
  tryAgain: 'messages.tryAgain',
  /** Parameter `count`: attempts left ("wrong password, $1 attempt left"). */
  wrongPasswordAttemptsLeft: 'messages.wrongPasswordAttemptsLeft',
  /** Parameter `minutes`: unlock time left ("try again in $1 minutes"). */
  lockedTryAgainMinutes: 'messages.lockedTryAgainMinutes',
  notApproved: 'messages.notApproved',
  wrongRegionPatient: 'messages.wrongRegionPatient',
  wrongRegionHcp: 'messages.wrongRegionHcp',
  hcpApplyUserExists: 'messages.hcpApplyUserExists',
  accountTypeChanged: 'messages.accountTypeChanged',
  /** Parameter `seconds`: wait before a code can be sent again. */
  resendWait: 'messages.resendWait',
} as const;

export const SUCCESS_MESSAGES = {
  saved: 'success.saved',
  passwordChanged: 'success.passwordChanged',
  created: 'success.created',
  deleted: 'success.deleted',
  modified: 'success.modified',
  requestSent: 'success.requestSent',
  connectionAccepted: 'success.connectionAccepted',
  connectionRejected: 'success.connectionRejected',
  registered: 'success.registered',
  verified: 'success.verified',
} as const;

export const CONFIRMATIONS = {
  deletePatients: 'confirm.deletePatients',
  deleteEvents: 'confirm.deleteEvents',
  /** "Real-time and uploaded data will be deleted and cannot be restored." */
  deleteData: 'confirm.deleteData',
  removeConnection: 'confirm.removeConnection',
  stopFollowing: 'confirm.stopFollowing',
  agreeConnection: 'confirm.agreeConnection',
  denyConnection: 'confirm.denyConnection',
  /** Spec §2 "HCP apply": converting loses the account's data and its patient or carer login. */
  convertToHcp: 'confirm.convertToHcp',
} as const;

export type MessageKey = (typeof MESSAGES)[keyof typeof MESSAGES];
export type SuccessMessageKey = (typeof SUCCESS_MESSAGES)[keyof typeof SUCCESS_MESSAGES];
export type ConfirmationKey = (typeof CONFIRMATIONS)[keyof typeof CONFIRMATIONS];

/** Every key above plus the error and password keys, for the web app's locale completeness test. */
export function allMessageKeys(): string[] {
  return [
    ...ERRORS.map((e) => e.messageKey),
    ...PASSWORD_PROBLEMS,
    ...Object.values(MESSAGES),
    ...Object.values(SUCCESS_MESSAGES),
    ...Object.values(CONFIRMATIONS),
  ];
}
