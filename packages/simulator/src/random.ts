// Seeded pseudo-random numbers: sfc32 (Chris Doty-Humphrey's Small Fast Counter, 128-bit state)
// seeded through a string hash, so a patient is the same patient on every machine and every run.
// Independent streams are forked by label, never by drawing: adding a draw to the sensor model does
// not change the meals, and the plan of a day depends only on the seed and the day.

/** A 32-bit FNV-1a hash followed by a murmur3 finaliser: spreads similar labels apart. */
function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  private spare: number | null = null;

  constructor(readonly key: string) {
    this.a = hash32(`${key}#a`);
    this.b = hash32(`${key}#b`);
    this.c = hash32(`${key}#c`);
    this.d = hash32(`${key}#d`) | 1;
    for (let i = 0; i < 12; i++) this.next();
  }

  /** A uniform number in [0, 1). */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  /** A stream that depends only on this stream's key and the label. */
  fork(label: string | number): Rng {
    return new Rng(`${this.key}/${label}`);
  }

  uniform(lo: number, hi: number): number {
    return lo + (hi - lo) * this.next();
  }

  /** An integer in [lo, hi], both included. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  /** Standard normal by Box–Muller (the second value of a pair is kept for the next call). */
  normal(mean = 0, sd = 1): number {
    if (this.spare !== null) {
      const z = this.spare;
      this.spare = null;
      return mean + sd * z;
    }
    let u = this.next();
    while (u <= 1e-12) u = this.next();
    const r = Math.sqrt(-2 * Math.log(u));
    const theta = 2 * Math.PI * this.next();
    this.spare = r * Math.sin(theta);
    return mean + sd * r * Math.cos(theta);
  }

  /** A positive multiplier with median 1 and the given log-scale spread (0.2 ≈ ±20 %). */
  factor(logSd: number): number {
    return Math.exp(this.normal(0, logSd));
  }

  /** A normal draw cut to [lo, hi]. */
  around(mean: number, sd: number, lo: number, hi: number): number {
    const v = this.normal(mean, sd);
    return v < lo ? lo : v > hi ? hi : v;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** Index drawn with the given relative weights. */
  weighted(weights: readonly number[]): number {
    const total = weights.reduce((s, w) => s + w, 0);
    let x = this.next() * total;
    for (let i = 0; i < weights.length; i++) {
      x -= weights[i]!;
      if (x < 0) return i;
    }
    return weights.length - 1;
  }
}
