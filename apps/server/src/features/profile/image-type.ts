// A portrait is shown to other users later (followers, spec §6), so what is stored must really be
// an image of a type browsers render safely, whatever the upload claimed: check the magic bytes.

export type ImageType = 'image/png' | 'image/jpeg' | 'image/webp';

/** Portraits are small avatars; the contract says at most 512 KiB decoded. */
export const PORTRAIT_MAX_BYTES = 512 * 1024;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

const startsWith = (bytes: Uint8Array, magic: number[], offset = 0): boolean =>
  bytes.length >= offset + magic.length && magic.every((b, i) => bytes[offset + i] === b);

const ascii = (s: string): number[] => [...s].map((c) => c.charCodeAt(0));

/** The type the bytes really are, or null when they are none of PNG, JPEG, WebP. */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, PNG)) return 'image/png';
  if (startsWith(bytes, JPEG)) return 'image/jpeg';
  // RIFF container with the WEBP form type at offset 8.
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}
