/** What jsdom lacks and Fluent UI or the pane reach for. */
import { webcrypto } from 'node:crypto';
import { TextDecoder, TextEncoder } from 'node:util';

const g = globalThis as Record<string, unknown>;
if (!g.TextEncoder) g.TextEncoder = TextEncoder;
if (!g.TextDecoder) g.TextDecoder = TextDecoder;
if (!g.ResizeObserver) {
  g.ResizeObserver = class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };
}
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (typeof window !== 'undefined' && !window.scrollTo) window.scrollTo = () => undefined;
// jsdom has no SubtleCrypto; the checkout hashes passwords with it.
if (!(globalThis.crypto as Crypto | undefined)?.subtle) {
  Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
}
/**
 * Fluent UI's styles (Griffel) come as thousands of CSS rules, and jsdom matches every rule of every sheet against an
 * element each time its computed style is asked: Testing Library asks it for each element whose accessible name or
 * visibility a query looks at, some 40% of a component file's processor time. Of the rules only those that hide an
 * element change what a query finds or names (a tab's hidden copy of its label, a closed panel); no test reads
 * another style (the built pane is looked at in Chromium by the e2e tests). So only the rules that set whether an
 * element shows are kept: those that hide it, and those that show it again over them.
 */
if (typeof CSSStyleSheet !== 'undefined') {
  const insertRule = CSSStyleSheet.prototype.insertRule;
  const SHOWS_OR_HIDES = /(?:^|[{;\s])(?:display|visibility|content-visibility)\s*:/;
  CSSStyleSheet.prototype.insertRule = function (this: CSSStyleSheet, rule: string, index?: number): number {
    return SHOWS_OR_HIDES.test(rule) ? insertRule.call(this, rule, Math.min(index ?? 0, this.cssRules.length)) : 0;
  };
}
