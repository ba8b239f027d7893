#!/usr/bin/env node
'use strict';
/**
 * Parses every script the add-in ships (each .js in dist/addin) as the oldest supported engine would
 * (scripts/engines.js): one construct newer than that target, in our code or a dependency's, leaves the pane at
 * "Loading" on those hosts. The inline scripts of its .html pages are parsed as ES5: they tell Trident users why
 * the pane cannot run. Prints each offending file with line, column and what
 * was found; exits 1 when there is any.
 *
 *   node scripts/check-bundle.js [folder]      (default dist/addin)
 */
const { readFileSync, readdirSync, statSync } = require('node:fs');
const { join, relative } = require('node:path');
const acorn = require('acorn');
const { ecmaVersion } = require('./engines');

/** A lookbehind group, `(?<=` or `(?<!`, outside a character class and not escaped. */
function hasLookbehind(pattern) {
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i];
    if (ch === '\\') i++;
    else if (inClass) inClass = ch !== ']';
    else if (ch === '[') inClass = true;
    else if (
      ch === '(' &&
      pattern[i + 1] === '?' &&
      pattern[i + 2] === '<' &&
      (pattern[i + 3] === '=' || pattern[i + 3] === '!')
    )
      return true;
  }
  return false;
}

/**
 * The problems of one script's text, each `{ line, column, message }`; empty when it parses for the target.
 * `sourceType` is 'script': webpack emits classic scripts, and the page loads them as such.
 */
function checkSource(text, options = {}) {
  const problems = [];
  try {
    acorn.parse(text, {
      ecmaVersion: options.ecmaVersion ?? ecmaVersion,
      sourceType: 'script',
      locations: true,
      allowHashBang: false,
      onToken(token) {
        if (token.type === acorn.tokTypes.regexp && hasLookbehind(token.value.pattern)) {
          problems.push({
            line: token.loc.start.line,
            column: token.loc.start.column + 1,
            message: `regular expression lookbehind /${token.value.pattern.slice(0, 60)}/ (WebKit before Safari 16.4 cannot parse it)`,
          });
        }
      },
    });
  } catch (e) {
    const loc = e.loc ?? { line: 0, column: 0 };
    const at = typeof e.pos === 'number' ? e.pos : 0;
    const near = text.slice(Math.max(0, at - 30), at + 30).replace(/\s+/g, ' ');
    problems.push({
      line: loc.line,
      column: loc.column + 1,
      message: `${e.message.replace(/\s*\(\d+:\d+\)$/, '')}, not ES${options.ecmaVersion ?? ecmaVersion}, near "${near}"`,
    });
  }
  return problems;
}

/** The text of each inline <script> of an HTML page (external ones are checked as files). */
function inlineScripts(html) {
  const scripts = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(m[1]) || /\btype\s*=\s*["']?(?!text\/javascript|module)[^"'\s>]+/i.test(m[1])) continue;
    if (m[2].trim()) scripts.push(m[2]);
  }
  return scripts;
}

function listFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

/** Every shipped script of `dir` with its problems: `[{ file, problems }]`, one entry per file checked. */
function checkFolder(dir) {
  const results = [];
  for (const file of listFiles(dir)) {
    if (file.endsWith('.js')) results.push({ file, problems: checkSource(readFileSync(file, 'utf8')) });
    else if (file.endsWith('.html')) {
      // The page's own inline script must also run where nothing else does (Trident, ES5): it says so there.
      inlineScripts(readFileSync(file, 'utf8')).forEach((script, i) =>
        results.push({ file: `${file} (inline script ${i + 1})`, problems: checkSource(script, { ecmaVersion: 5 }) }),
      );
    }
  }
  return results;
}

module.exports = { checkSource, checkFolder, hasLookbehind, inlineScripts };

if (require.main === module) {
  const dir = process.argv[2] ?? join(__dirname, '..', 'dist', 'addin');
  const results = checkFolder(dir);
  const scripts = results.filter((r) => !r.file.includes('(inline'));
  if (scripts.length === 0) {
    process.stderr.write(`No .js files in ${dir}: build the add-in first (npm run build:addin).\n`);
    process.exit(1);
  }
  let bad = 0;
  for (const { file, problems } of results) {
    const name = relative(process.cwd(), file);
    if (problems.length === 0) {
      process.stdout.write(`ok   ${name}\n`);
      continue;
    }
    bad++;
    for (const p of problems) process.stdout.write(`FAIL ${name}:${p.line}:${p.column}: ${p.message}\n`);
  }
  process.stdout.write(
    `${results.length - bad} of ${results.length} scripts parse for their target (bundles ES${ecmaVersion}, inline page scripts ES5)\n`,
  );
  process.exit(bad ? 1 : 0);
}
