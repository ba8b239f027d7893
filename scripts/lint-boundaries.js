'use strict';
/**
 * The one-way arrows between the top-level folders, as an ESLint rule. Each relative import (import, export …
 * from, import(), require) is resolved against the importing file, and the folder it lands in must be one the
 * importer's folder may use. Resolving the path, rather than matching the import's text, means `../../x` is judged
 * by where it really points, whatever the depth of the file.
 *
 * Options: `{ layers: { '<folder>': ['<folder or file it may import>', …] } }`. The longest folder that contains
 * the importing file decides (so `taskpane/adapters` can differ from `taskpane`, `src/match` from `src`); a file in
 * no listed folder is not checked. What a layer may import is a top-level folder, a folder inside one
 * (`src/catalog`) or one file (`src/bom/manufacturer.ts`), so a room inside src/ can be held to what it needs.
 * Package imports (`react`, `node:fs`) are not this rule's business.
 */
const path = require('node:path');
const { importVisitors } = require('./lint-imports');

/** The first path segments of `relative` that name a listed folder, longest first. */
function layerOf(relative, layers) {
  const segments = relative.split('/');
  for (let n = segments.length - 1; n > 0; n--) {
    const folder = segments.slice(0, n).join('/');
    if (Object.prototype.hasOwnProperty.call(layers, folder)) return folder;
  }
  return null;
}

/** The top-level folder `target` (repository-relative) lies in, or null outside the repository. */
function topFolder(target) {
  if (target.startsWith('..') || path.isAbsolute(target)) return null;
  return target.split('/')[0];
}

/** Whether `target` (repository-relative, as imported: maybe without its extension) lies in or is `entry`. */
function within(target, entry) {
  if (/\.[jt]sx?$/.test(entry)) return target === entry || target === entry.replace(/\.[jt]sx?$/, '');
  return target === entry || target.startsWith(`${entry}/`);
}

/** An allowed entry as the message shows it: a folder with its slash, a file as it is. */
function shown(entry) {
  return /\.[jt]sx?$/.test(entry) ? entry : `${entry}/`;
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports follow the layering of the top-level folders' },
    schema: [
      {
        type: 'object',
        properties: { layers: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } } },
        required: ['layers'],
        additionalProperties: false,
      },
    ],
    messages: {
      outside: "{{layer}}/ may import only {{allowed}}; '{{source}}' reaches {{target}}.",
      escapes: "{{layer}}/ may import only {{allowed}}; '{{source}}' leaves the repository.",
    },
  },
  create(context) {
    const { layers } = context.options[0];
    const root = context.cwd;
    const filename = context.filename;
    const own = path.relative(root, filename).split(path.sep).join('/');
    const layer = layerOf(own, layers);
    if (layer === null) return {};
    const allowed = layers[layer];

    function check(node, source) {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path
        .relative(root, path.resolve(path.dirname(filename), source))
        .split(path.sep)
        .join('/');
      const folder = topFolder(target);
      if (folder !== null && allowed.some((entry) => within(target, entry))) return;
      // Where the layer may use only part of a top folder, the message names the path reached, not just the folder.
      const reached =
        folder === null ? '' : allowed.some((entry) => entry.startsWith(`${folder}/`)) ? target : `${folder}/`;
      context.report({
        node,
        messageId: folder === null ? 'escapes' : 'outside',
        data: { layer, allowed: allowed.map(shown).join(', '), source, target: reached },
      });
    }

    return importVisitors(check);
  },
};

module.exports = { meta: { name: 'partsheet-boundaries' }, rules: { layers: rule } };
