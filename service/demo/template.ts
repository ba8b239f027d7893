/**
 * The template language the part-number families are written in (families.ts): a family is a number template, a
 * description template and packaging variants, expanded with the seeded generator.
 */
import { type Rng, zeroPadded } from './random';

const { floor } = Math;
// ---------------------------------------------------------------------------------------------
// Part-number families. Each family makes one group of drafts: one base number and its packaging
// variants (so that a prefix search returns them together).

export type Cls =
  | 'RES'
  | 'RESP'
  | 'POT'
  | 'THERM'
  | 'CAP'
  | 'CAPE'
  | 'IND'
  | 'FERR'
  | 'EMI'
  | 'DIODE'
  | 'TVS'
  | 'FUSE'
  | 'BJT'
  | 'FET'
  | 'PFET'
  | 'AMP'
  | 'DCONV'
  | 'TIMING'
  | 'REG'
  | 'LOGIC'
  | 'MCU'
  | 'MEM'
  | 'IFACE'
  | 'SENS'
  | 'CONN'
  | 'XTAL'
  | 'OSC'
  | 'LED'
  | 'LEDP'
  | 'OPTO'
  | 'SW'
  | 'RELAY'
  | 'PSU'
  | 'RF'
  | 'ANT'
  | 'WMOD'
  | 'FPGA'
  | 'AUD'
  | 'FAN'
  | 'BOARD';
export type Container = 'reel' | 'tube' | 'tray' | 'bulk';

export interface Draft {
  pn: string;
  cls: Cls;
  desc: string;
  pkg: string;
  cont: Container | null;
}

export interface Family {
  mfrs: readonly string[];
  w: number;
  gen: (r: Rng, mfr: string) => Draft[];
}

/*
 * Number templates: `{a|b|c}` picks one; `{a|b=x|y}` pairs each choice with a text; `{#2..15}` and
 * `{#02..40}` (zero padded) pick a number; `{%3}` gives random digits; a leading `@` (as in `{@...}`)
 * captures the choice (its paired text, if any) for `$1`..`$9` in the description template.
 */
type TemplateToken =
  | { k: 0; s: string }
  | { k: 1; a: readonly string[]; b: readonly string[] | null; cap: boolean }
  | { k: 2; lo: number; hi: number; w: number; cap: boolean }
  | { k: 3; n: number; cap: boolean }
  | { k: 4; i: number };

function compileTemplate(src: string): TemplateToken[] {
  const out: TemplateToken[] = [];
  let lit = '';
  const flush = () => {
    if (lit) out.push({ k: 0, s: lit });
    lit = '';
  };
  for (let i = 0; i < src.length;) {
    const ch = src[i];
    if (ch === '{') {
      const j = src.indexOf('}', i);
      if (j < 0 || src.slice(i + 1, j).includes('{')) throw new Error(`bad template: ${src}`);
      flush();
      let body = src.slice(i + 1, j);
      const cap = body.startsWith('@');
      if (cap) body = body.slice(1);
      if (body.startsWith('#')) {
        const [a, b] = body.slice(1).split('..');
        if (!/^\d+$/.test(a) || !/^\d+$/.test(b ?? '')) throw new Error(`bad range in template: ${src}`);
        out.push({ k: 2, lo: Number(a), hi: Number(b), w: a.length > 1 && a[0] === '0' ? a.length : 0, cap });
      } else if (body.startsWith('%')) {
        out.push({ k: 3, n: Number(body.slice(1)), cap });
      } else {
        if (/^\d+\.\.\d+$/.test(body)) throw new Error(`range without # in template: ${src}`);
        const eq = body.indexOf('=');
        const a = (eq < 0 ? body : body.slice(0, eq)).split('|');
        const b = eq < 0 ? null : body.slice(eq + 1).split('|');
        if (b && b.length !== a.length) throw new Error(`unpaired choices in template: ${src}`);
        out.push({ k: 1, a, b, cap });
      }
      i = j + 1;
    } else if (ch === '$' && i + 1 < src.length && src[i + 1] >= '1' && src[i + 1] <= '9') {
      flush();
      out.push({ k: 4, i: src.charCodeAt(i + 1) - 49 });
      i += 2;
    } else {
      lit += ch;
      i++;
    }
  }
  flush();
  return out;
}

function expandTemplate(
  r: Rng,
  toks: readonly TemplateToken[],
  caps: string[] | null,
  refs: readonly string[] | null,
): string {
  let out = '';
  for (const t of toks) {
    switch (t.k) {
      case 0:
        out += t.s;
        break;
      case 1: {
        const i = floor(r.next() * t.a.length);
        out += t.a[i];
        if (t.cap && caps) caps.push(t.b ? t.b[i] : t.a[i]);
        break;
      }
      case 2: {
        const v = r.int(t.lo, t.hi);
        out += t.w ? zeroPadded(v, t.w) : String(v);
        if (t.cap && caps) caps.push(String(v));
        break;
      }
      case 3: {
        let d = '';
        for (let j = 0; j < t.n; j++) d += String(r.int(0, 9));
        out += d;
        if (t.cap && caps) caps.push(d);
        break;
      }
      case 4:
        out += refs?.[t.i] ?? '';
        break;
    }
  }
  return out;
}

interface FamilyOptions {
  /** Packaging variant suffixes: alternatives separated by `;`, members of one group by `~`. */
  v?: string;
  /** Package template (may use captures). */
  k?: string;
  cont?: Container;
}

/** A template family for one or more manufacturers (codes separated by spaces). */
export function templateFamily(m: string, c: Cls, w: number, p: string, d: string, o: FamilyOptions = {}): Family {
  const pt = compileTemplate(p);
  const dt = compileTemplate(d);
  const kt = o.k ? compileTemplate(o.k) : null;
  const captures = pt.filter((t) => t.k !== 0 && t.k !== 4 && t.cap).length;
  for (const t of [...dt, ...(kt ?? [])]) {
    if (t.k === 4 && t.i >= captures)
      throw new Error(`description refers to $${t.i + 1} of ${captures} captures: ${p}`);
  }
  const variants = (o.v ?? '').split(';').map((x) => x.split('~'));
  const cont = o.cont ?? null;
  return {
    mfrs: m.split(' '),
    w,
    gen(r) {
      const caps: string[] = [];
      const base = expandTemplate(r, pt, caps, null);
      const desc = expandTemplate(r, dt, null, caps);
      const pkg = kt ? expandTemplate(r, kt, null, caps) : '';
      return r.pick(variants).map((sfx) => ({ pn: base + sfx, cls: c, desc, pkg, cont }));
    },
  };
}

/** `A:text|B:text` → a captured choice of A, B paired with their texts. */
export function pairedChoice(list: string): string {
  const names: string[] = [];
  const texts: string[] = [];
  for (const item of list.split('|')) {
    const i = item.indexOf(':');
    names.push(item.slice(0, i));
    texts.push(item.slice(i + 1));
  }
  return `{@${names.join('|')}=${texts.join('|')}}`;
}
