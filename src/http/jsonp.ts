/**
 * JSONP: a GET made by loading the address as a script whose answer calls a function of ours (`callbackfn=…`,
 * docs/item-service.md, "Search by list"). The only way a page reads a service on another origin that sends no CORS
 * headers, and a trust decision: the answer runs as script in the page's origin, so it is used only when the user turns
 * it on for a host they trust.
 *
 * Each request gets its own callback under one namespace object (`__partsheetJsonp.c…`, an identifier path the
 * service accepts), a timeout and the caller's cancel; its script element and callback are removed when it settles.
 * A callback whose request gave up stays a no-op for a while, so a late answer does not throw in the page.
 * The page itself (script elements, the global object) is injected: src/ runs without a DOM.
 */

/** What JSONP needs of a page. */
export interface ScriptHost {
  /** Adds a script element loading `src`; exactly one of `onLoad`/`onError` is called. Returns its removal. */
  load(src: string, onLoad: () => void, onError: () => void): () => void;
  /** The page's global object, where the callbacks live. */
  global: Record<string, unknown>;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export type JsonpFailureKind = 'cancelled' | 'timeout' | 'script-error' | 'no-callback';

export class JsonpFailure extends Error {
  constructor(
    readonly kind: JsonpFailureKind,
    message: string,
  ) {
    super(message);
  }
}

export interface JsonpOptions {
  timeoutMs: number;
  signal?: AbortSignal;
}

/** Loads the address `urlFor(callbackName)` as JSONP and resolves with the value the answer called back with. */
export type JsonpTransport = (urlFor: (callback: string) => string, options: JsonpOptions) => Promise<unknown>;

const NAMESPACE = '__partsheetJsonp';
/** Every callback name has this length, so an address can be measured before its name is known. */
export const JSONP_CALLBACK_PLACEHOLDER = `${NAMESPACE}.c00000000`;

export function jsonpTransport(host: ScriptHost): JsonpTransport {
  let counter = 0;
  // A random start keeps two copies of the add-in on one page (or a reload) from sharing names.
  const start = Math.floor(Math.random() * 36 ** 4);
  const callbacks = (): Record<string, unknown> => {
    const existing = host.global[NAMESPACE];
    if (typeof existing === 'object' && existing !== null) return existing as Record<string, unknown>;
    const made: Record<string, unknown> = {};
    host.global[NAMESPACE] = made;
    return made;
  };

  return (urlFor, options) =>
    new Promise<unknown>((resolve, reject) => {
      const { signal, timeoutMs } = options;
      if (signal?.aborted) {
        reject(new JsonpFailure('cancelled', 'cancelled'));
        return;
      }
      const id = `c${((start + counter++) % 36 ** 8).toString(36).padStart(8, '0')}`;
      const table = callbacks();
      let settled = false;
      let answered = false;
      let value: unknown;
      let remove: (() => void) | null = null;

      const finish = (failure?: JsonpFailure) => {
        if (settled) return;
        settled = true;
        host.clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        remove?.();
        if (answered || !failure) {
          delete table[id];
        } else {
          // The script may still run later: its call must find a no-op, not a missing function.
          table[id] = () => undefined;
          host.setTimeout(() => delete table[id], Math.max(timeoutMs, 1000));
        }
        if (failure) reject(failure);
        else resolve(value);
      };
      const onAbort = () => finish(new JsonpFailure('cancelled', 'cancelled'));

      table[id] = (answer: unknown) => {
        if (settled) return;
        answered = true;
        value = answer;
      };
      const timer = host.setTimeout(
        () => finish(new JsonpFailure('timeout', `no answer within ${timeoutMs} ms`)),
        timeoutMs,
      );
      signal?.addEventListener('abort', onAbort, { once: true });
      remove = host.load(
        urlFor(`${NAMESPACE}.${id}`),
        // The callback runs while the script executes, before its load event.
        () =>
          finish(
            answered
              ? undefined
              : new JsonpFailure('no-callback', 'the answer was not a JSONP answer (it did not call back)'),
          ),
        () => finish(new JsonpFailure('script-error', 'the search script did not load')),
      );
      if (settled) remove();
    });
}
