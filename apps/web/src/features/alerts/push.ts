import { getPushKey, savePushSubscription } from './alerts-api';

// Web Push in this browser (issue 16): the service worker, the notification permission, and the
// subscription the server sends to. Browsers without these (or a denied permission) keep the
// in-app banner and the e-mail fallback.

/**
 * 'refused': permission granted, but the browser's push service would not subscribe (offline, or
 * blocked): said plainly, with the banner and e-mail still working.
 */
export type PushState = 'unsupported' | 'denied' | 'off' | 'on' | 'refused';

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The applicationServerKey as bytes, from the base64url the server gives. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(b64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

export async function pushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const reg = await navigator.serviceWorker.getRegistration('/');
  const sub = await reg?.pushManager.getSubscription();
  return sub && Notification.permission === 'granted' ? 'on' : 'off';
}

/** Asks for permission, subscribes through the service worker and tells the server. */
export async function enablePush(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off';
  const reg = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  await navigator.serviceWorker.ready;
  const key = await getPushKey();
  if (!key.ok) return 'off';
  let sub: PushSubscription;
  try {
    sub =
      (await reg.pushManager.getSubscription()) ??
      (await reg.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(key.data.publicKey),
      }));
  } catch {
    // The push service refused (Chromium says "push service error" when it cannot reach it).
    return 'refused';
  }
  const json = sub.toJSON();
  if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) return 'off';
  const saved = await savePushSubscription(json.endpoint, json.keys.p256dh, json.keys.auth);
  return saved.ok ? 'on' : 'off';
}
