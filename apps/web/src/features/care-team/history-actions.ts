import { HCP_OPERATIONS, type HcpOperation } from '@cgm/contract';

// The operations the server records in the HCP operation history are the contract's one list
// (HCP_OPERATIONS), each with its i18n key `history.action.<key>`. A key the web app does not know
// (a row written before an operation was named) shows the route the server recorded with it.

const KNOWN: ReadonlySet<string> = new Set(HCP_OPERATIONS);

export function isKnownAction(action: string): action is HcpOperation {
  return KNOWN.has(action);
}

/** i18n keys are nested on dots, so `pdm.settings.view` becomes `history.action.pdm_settings_view`. */
export function actionKey(action: HcpOperation): string {
  return `history.action.${action.replace(/\./g, '_')}`;
}

export type Label = { key: string } | { text: string };

/** What a row's action shows: its translation, else the recorded `METHOD route`, else the raw key. */
export function actionLabel(action: string, detail: Record<string, unknown> | null): Label {
  if (isKnownAction(action)) return { key: actionKey(action) };
  const route = typeof detail?.route === 'string' ? detail.route : null;
  const method = typeof detail?.method === 'string' ? detail.method : null;
  if (route) return { text: method ? `${method} ${route}` : route };
  return { text: action };
}
