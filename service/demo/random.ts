/**
 * The demo catalog's randomness: a small seeded generator, so a catalog of n parts is the same on every machine,
 * and the helpers the generator and the part-number families share.
 */
const { floor, imul, pow } = Math;

export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = imul(t ^ (t >>> 15), t | 1);
    t ^= t + imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(lo: number, hi: number): number {
    return lo + floor(this.next() * (hi - lo + 1));
  }

  pick<T>(list: readonly T[]): T {
    return list[floor(this.next() * list.length)];
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  between(lo: number, hi: number): number {
    return lo + (hi - lo) * this.next();
  }

  logBetween(lo: number, hi: number): number {
    return lo * pow(hi / lo, this.next());
  }
}

export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The number `n` written with at least `width` digits. */
export function zeroPadded(n: number, width: number): string {
  return String(n).padStart(width, '0');
}
