'use strict';
/**
 * The ESLint visitors that find every import of a file, however it is written (import, export … from, import(),
 * `import('…').T` in a type, require()), each calling `check(node, specifier)` with the literal that names the file.
 * The import rules (lint-boundaries.js, lint-cycles.js) share them.
 */
function importVisitors(check) {
  const fromSource = (node) => {
    if (node.source) check(node.source, node.source.value);
  };
  return {
    ImportDeclaration: fromSource,
    ExportNamedDeclaration: fromSource,
    ExportAllDeclaration: fromSource,
    ImportExpression(node) {
      if (node.source.type === 'Literal') check(node.source, node.source.value);
    },
    TSImportType(node) {
      const literal = node.argument && node.argument.type === 'TSLiteralType' ? node.argument.literal : node.argument;
      if (literal && literal.type === 'Literal') check(literal, literal.value);
    },
    CallExpression(node) {
      const [first] = node.arguments;
      if (node.callee.type === 'Identifier' && node.callee.name === 'require' && first && first.type === 'Literal') {
        check(first, first.value);
      }
    },
  };
}

module.exports = { importVisitors };
