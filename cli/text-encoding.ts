/**
 * The encoding of a text file (CSV, TSV, Markdown, HTML) a BOM comes in: a byte-order mark when there is one, else
 * what the bytes read as. Exports from Russian, Japanese and Chinese tools often use their region's code page.
 */
import { decodeWindows1252 } from '../src/text/windows-1252';

/** How a text file's bytes were decoded. */
export type TextEncodingName =
  'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252' | 'windows-1251' | 'shift_jis' | 'gbk';

function swapBytes(buf: Buffer): Buffer {
  const out = Buffer.alloc(buf.length - (buf.length % 2));
  for (let i = 0; i + 1 < buf.length; i += 2) {
    out[i] = buf[i + 1];
    out[i + 1] = buf[i];
  }
  return out;
}

/** Whether the bytes look like UTF-16 without a byte-order mark: many NULs, nearly all on one side. */
function utf16Without(buf: Buffer): 'utf-16le' | 'utf-16be' | null {
  const n = Math.min(buf.length - (buf.length % 2), 4096);
  if (n < 4) return null;
  let evenZero = 0;
  let oddZero = 0;
  for (let i = 0; i < n; i += 2) {
    if (buf[i] === 0) evenZero++;
    if (buf[i + 1] === 0) oddZero++;
  }
  const pairs = n / 2;
  if (oddZero > pairs * 0.4 && evenZero < pairs * 0.05) return 'utf-16le';
  if (evenZero > pairs * 0.4 && oddZero < pairs * 0.05) return 'utf-16be';
  return null;
}

/**
 * The text of a CSV/TSV file: a UTF-8 or UTF-16 byte-order mark is honoured and removed; text that is not UTF-8 is
 * read as Windows-1251 (Cyrillic), Shift-JIS or GBK where it reads as that script, else as Windows-1252.
 */
export function decodeText(buf: Buffer): { text: string; encoding: TextEncodingName } {
  if (buf.length >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) {
    return { text: buf.subarray(3).toString('utf8'), encoding: 'utf-8' };
  }
  if (buf.length >= 2 && buf[0] === 0xff && buf[1] === 0xfe)
    return { text: buf.subarray(2).toString('utf16le'), encoding: 'utf-16le' };
  if (buf.length >= 2 && buf[0] === 0xfe && buf[1] === 0xff)
    return { text: swapBytes(buf.subarray(2)).toString('utf16le'), encoding: 'utf-16be' };
  const guess = utf16Without(buf);
  if (guess === 'utf-16le') return { text: buf.toString('utf16le'), encoding: guess };
  if (guess === 'utf-16be') return { text: swapBytes(buf).toString('utf16le'), encoding: guess };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(buf), encoding: 'utf-8' };
  } catch {
    return cyrillic(buf) ?? eastAsian(buf) ?? { text: decodeWindows1252(buf), encoding: 'windows-1252' };
  }
}

/** Strict decoding, or null where the bytes are not valid in the encoding. */
function strictDecode(buf: Buffer, encoding: string): string | null {
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(buf);
  } catch {
    return null;
  }
}

function count(text: string, re: RegExp): number {
  return (text.match(re) ?? []).length;
}

/** A run of Cyrillic letters as Windows-1251 writes them (Ё and ё are apart from the rest). */
const CYRILLIC_RUN = /[\u0401\u0410-\u044F\u0451]+/g;
/** A word as people write it with small letters: all small, or a capital then small letters. */
const SMALL_WORD = /^[\u0401\u0410-\u042F]?[\u0430-\u044F\u0451]+$/;
/** A word in capitals only: Russian writes headings so, and two bytes of Chinese read so too ("螺丝" as "ВЭЛ"). */
const CAPITALS = /^[\u0401\u0410-\u042F]+$/;
/** A unit of measure as Russian lists write it, its prefix small and its symbol a capital: кОм, МОм, мкФ, нФ, мкГн. */
const UNIT = /^(?:к|М|м|мк|н|п|Г)?(?:Ом|Ф|Гн|В|А|Гц|Вт)$/;

/**
 * A Russian, Ukrainian or Bulgarian export in Windows-1251 (a Russian CAD tool's or Excel's CSV): read so, its
 * letters are words written as people write them ("Итого", "кОм", "РЕЗИСТОР"), three or more of them with small
 * letters or of five capitals or more. The same bytes read as Chinese (GBK) give letters whose case falls at random,
 * and a short word in capitals is no evidence: two Chinese characters often read as one ("螺丝" as "ВЭЛ"). Null
 * unless nearly every run of three letters or more reads so.
 */
function cyrillic(buf: Buffer): { text: string; encoding: TextEncodingName } | null {
  const text = strictDecode(buf, 'windows-1251');
  if (text === null) return null;
  const words = (text.match(CYRILLIC_RUN) ?? []).filter((r) => r.length >= 3);
  const small = words.filter((w) => SMALL_WORD.test(w) || UNIT.test(w)).length;
  const capitals = words.filter((w) => CAPITALS.test(w));
  const strong = small + capitals.filter((w) => w.length >= 5).length;
  return strong >= 3 && small + capitals.length >= words.length * 0.9 ? { text, encoding: 'windows-1251' } : null;
}

/**
 * The share of a text's two-byte characters whose second byte is an ASCII letter: how Windows-1252 text reads as
 * GBK, an accented letter, a µ or a no-break space paired with the letter after it ("W黵th", "Descripci髇",
 * "0.38祄"). Chinese in GBK has few: none in GB2312's characters, a quarter at most of its extension's (traditional
 * characters: "號", "數", "電").
 */
function letterPairShare(buf: Buffer): number {
  let pairs = 0;
  let letters = 0;
  for (let i = 0; i < buf.length; i++) {
    if (buf[i] < 0x80) continue;
    pairs++;
    const trail = buf[i + 1] ?? 0;
    if ((trail >= 0x41 && trail <= 0x5a) || (trail >= 0x61 && trail <= 0x7a)) letters++;
    i++;
  }
  return pairs === 0 ? 0 : letters / pairs;
}

/**
 * A Japanese (Shift-JIS) or Chinese (GBK) export: text that is not UTF-8 but decodes cleanly as one of them and
 * then reads as that language (kana in Japanese; Han characters, few kana, in Chinese, not accented Latin letters
 * paired with the next).
 * Null for anything else, which is read as Windows-1252.
 */
function eastAsian(buf: Buffer): { text: string; encoding: TextEncodingName } | null {
  const sjis = strictDecode(buf, 'shift_jis');
  if (sjis !== null && count(sjis, /[\u3040-\u30FF]/g) >= 2) return { text: sjis, encoding: 'shift_jis' };
  const gbk = strictDecode(buf, 'gbk');
  const han = gbk === null ? 0 : count(gbk, /[\u4E00-\u9FFF]/g);
  if (gbk !== null && han >= 2 && count(gbk, /[\u3040-\u30FF]/g) === 0 && letterPairShare(buf) < 0.5)
    return { text: gbk, encoding: 'gbk' };
  return null;
}
