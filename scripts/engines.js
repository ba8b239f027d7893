'use strict';
/**
 * The oldest JavaScript engines the add-in supports, and the ECMAScript edition every shipped script is written
 * down to. docs/office-hosts.md explains the choice from Microsoft's table of webviews.
 *
 * - Windows: WebView2 (Chromium 86 and later). With <Runtimes> in the manifest Office never uses EdgeHTML; where
 *   WebView2 is missing it falls back to Trident (Internet Explorer 11), which the page names and does not run in.
 * - Mac: the system WebKit through WKWebView, from Safari 14 (macOS 10.14 Mojave and later, once updated).
 * - Excel on the web: the browsers Microsoft supports for it (current Edge, Chrome, Firefox, Safari).
 *
 * ES2020 is the newest edition all of them parse. Safari 14 is the floor because money is counted in BigInt
 * (src/pricing/money.ts), which WebKit has from Safari 14. Later syntax is lowered: class static fields and private
 * members need Safari 14.1 or 15, class static blocks Safari 16.4. Regular-expression lookbehind, although ES2018,
 * is a syntax error in WebKit before Safari 16.4 and no transpiler rewrites it, so the bundle check refuses it.
 */
module.exports = {
  /** For acorn's `ecmaVersion`: what the bundle check parses with. */
  ecmaVersion: 2020,
  /** For esbuild-loader (our sources and the dependencies) and the minifier. */
  esbuildTarget: 'es2020',
  /** For webpack's own runtime code. */
  webpackTarget: ['web', 'es2020'],
};
