import { describe, expect, it } from 'vitest';
import { detectImageType } from './image-type';

const bytes = (...parts: (number[] | string)[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('portrait magic bytes', () => {
  it('recognises PNG, JPEG and WebP by their first bytes', () => {
    expect(detectImageType(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0]))).toBe('image/png');
    expect(detectImageType(bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe('image/jpeg');
    expect(detectImageType(bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '))).toBe('image/webp');
  });

  it('refuses anything else, including truncated headers and other RIFF files', () => {
    expect(detectImageType(bytes('GIF89a'))).toBeNull();
    expect(detectImageType(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectImageType(bytes([0x89], 'PNG'))).toBeNull();
    expect(detectImageType(bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '))).toBeNull();
    expect(detectImageType(new Uint8Array())).toBeNull();
  });
});
