#!/usr/bin/env node
'use strict';
/**
 * Draws the add-in's ribbon and store icons as PNG files in this folder: `icon-N.png` (a part: a chip on the
 * brand-blue tile) and `refresh-N.png` (a circular arrow), at the sizes the manifest names.
 * Run `node assets/generate-icons.js` after changing a shape; the PNGs are committed.
 */
const { writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { deflateSync } = require('node:zlib');

const SIZES = [16, 32, 64, 80];
const BLUE = [15, 108, 189];
const WHITE = [255, 255, 255];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An RGBA image as PNG bytes. */
function png(size, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // RGBA
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    rows[y * (size * 4 + 1)] = 0; // no filter
    rgba.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Renders `paint(x, y)` (coordinates 0..1, returns [r, g, b, a] or null) with 4×4 supersampling. */
function render(size, paint) {
  const out = Buffer.alloc(size * size * 4);
  const n = 4;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < n; sy++) {
        for (let sx = 0; sx < n; sx++) {
          const c = paint((px + (sx + 0.5) / n) / size, (py + (sy + 0.5) / n) / size);
          if (!c) continue;
          r += c[0] * c[3];
          g += c[1] * c[3];
          b += c[2] * c[3];
          a += c[3];
        }
      }
      const i = (py * size + px) * 4;
      if (a > 0) {
        out[i] = Math.round(r / a);
        out[i + 1] = Math.round(g / a);
        out[i + 2] = Math.round(b / a);
      }
      out[i + 3] = Math.round((a / (n * n)) * 255);
    }
  }
  return out;
}

function inRoundedRect(x, y, x0, y0, x1, y1, radius) {
  if (x < x0 || x > x1 || y < y0 || y > y1) return false;
  const cx = Math.min(Math.max(x, x0 + radius), x1 - radius);
  const cy = Math.min(Math.max(y, y0 + radius), y1 - radius);
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
}

/** A chip with three pins a side, white on a blue tile. */
function partIcon(x, y) {
  if (!inRoundedRect(x, y, 0.02, 0.02, 0.98, 0.98, 0.18)) return null;
  const body = inRoundedRect(x, y, 0.3, 0.22, 0.7, 0.78, 0.05);
  const pinRow = [0.32, 0.5, 0.68].some((py) => Math.abs(y - py) < 0.05);
  const pins = pinRow && ((x > 0.14 && x < 0.3) || (x > 0.7 && x < 0.86));
  const notch = (x - 0.5) ** 2 + (y - 0.22) ** 2 < 0.07 ** 2;
  return (body && !notch) || pins ? [...WHITE, 1] : [...BLUE, 1];
}

/** A circular arrow, blue on transparent. */
function refreshIcon(x, y) {
  const dx = x - 0.5;
  const dy = y - 0.5;
  const r = Math.hypot(dx, dy);
  const angle = Math.atan2(dy, dx);
  const ring = r > 0.27 && r < 0.39 && !(angle > -Math.PI / 2 && angle < -Math.PI / 8);
  // Arrow head at the gap's end, pointing along the ring.
  const hx = 0.5 + 0.33 * Math.cos(-Math.PI / 8);
  const hy = 0.5 + 0.33 * Math.sin(-Math.PI / 8);
  const u = (x - hx) * Math.cos(-Math.PI / 8 - Math.PI / 2) + (y - hy) * Math.sin(-Math.PI / 8 - Math.PI / 2);
  const v = -(x - hx) * Math.sin(-Math.PI / 8 - Math.PI / 2) + (y - hy) * Math.cos(-Math.PI / 8 - Math.PI / 2);
  const head = u > 0 && u < 0.2 && Math.abs(v) < 0.2 - u;
  return ring || head ? [...BLUE, 1] : null;
}

for (const size of SIZES) {
  writeFileSync(join(__dirname, `icon-${size}.png`), png(size, render(size, partIcon)));
  writeFileSync(join(__dirname, `refresh-${size}.png`), png(size, render(size, refreshIcon)));
}
process.stdout.write(`Wrote icon-N.png and refresh-N.png for N = ${SIZES.join(', ')} in ${__dirname}\n`);
