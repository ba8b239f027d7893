/**
 * Windows-1252 ("ANSI" on Western Windows: what Excel writes a CSV in, and an Excel 95 workbook's text): Latin-1 with
 * the signs Windows puts at 0x80-0x9F (€, ‚, „, …, –, —, ™, curly quotes). Decoded here rather than by TextDecoder,
 * which in Node reads the label as Latin-1 and leaves those bytes as control characters.
 */
const HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

export function decodeWindows1252(bytes: Uint8Array): string {
  let out = '';
  const CHUNK = 8192;
  for (let start = 0; start < bytes.length; start += CHUNK) {
    const codes: number[] = [];
    for (let i = start; i < Math.min(bytes.length, start + CHUNK); i++) {
      const b = bytes[i];
      codes.push(b >= 0x80 && b <= 0x9f ? HIGH[b - 0x80] : b);
    }
    out += String.fromCharCode(...codes);
  }
  return out;
}
