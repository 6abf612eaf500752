import { createDecipheriv, createHmac, type ECDH } from 'node:crypto';

// The user agent's side of RFC 8291 (Web Push message encryption, aes128gcm of RFC 8188): what a
// browser does with a push message before its service worker sees it. Tests decrypt what the
// server sent to a loopback push service with the subscription's own keys.

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** The plaintext of an aes128gcm Web Push message body; throws when it does not decrypt. */
export function decryptWebPush(body: Buffer, uaPrivate: ECDH, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  if (rs < ciphertext.length) throw new Error('a single record was expected');
  const ecdhSecret = uaPrivate.computeSecret(asPublic);
  const uaPublic = uaPrivate.getPublicKey();
  const prkKey = hmac(authSecret, ecdhSecret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic, Buffer.from([1])]);
  const ikm = hmac(prkKey, keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02 and optional zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}
