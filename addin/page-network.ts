/**
 * What this page can do on the network beyond fetch, one of each per page and shared by the cells, the pane and Test
 * connection: JSONP (src/http/jsonp.ts) over this document's script elements and this window's callbacks, so callback
 * names never repeat; and the CORS probe (src/http/cors.ts), so its verdicts are shared.
 */
import { CorsProbe } from '../src/http/cors';
import { jsonpTransport, type JsonpTransport, type ScriptHost } from '../src/http/jsonp';

/** The little of the DOM this needs (the shared runtime's code is also compiled without the DOM's types). */
interface ScriptElement {
  async: boolean;
  referrerPolicy: string;
  src: string;
  onload: (() => void) | null;
  onerror: (() => void) | null;
  remove(): void;
}

export interface PageDocument {
  createElement(tag: 'script'): ScriptElement;
  head: { appendChild(node: ScriptElement): unknown } | null;
  documentElement: { appendChild(node: ScriptElement): unknown };
}

export function documentScriptHost(doc: PageDocument, global: Record<string, unknown>): ScriptHost {
  return {
    load(src, onLoad, onError) {
      const script = doc.createElement('script');
      script.async = true;
      // The page's address is nobody's business at the parts service.
      script.referrerPolicy = 'no-referrer';
      script.onload = () => onLoad();
      script.onerror = () => onError();
      script.src = src;
      (doc.head ?? doc.documentElement).appendChild(script);
      return () => {
        script.onload = null;
        script.onerror = null;
        script.remove();
      };
    },
    global,
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  };
}

let shared: JsonpTransport | undefined;
let probe: CorsProbe | undefined;

/** This page's CORS probe; undefined outside a browser page (Node has no CORS). */
export function pageCorsProbe(): CorsProbe | undefined {
  const origin = (globalThis as { location?: { origin?: string } }).location?.origin;
  if (!(globalThis as { document?: unknown }).document || !origin) return undefined;
  probe ??= new CorsProbe({ pageOrigin: origin });
  return probe;
}

/** This page's JSONP transport; undefined outside a browser page. */
export function pageJsonp(): JsonpTransport | undefined {
  const doc = (globalThis as { document?: PageDocument }).document;
  if (!doc) return undefined;
  shared ??= jsonpTransport(documentScriptHost(doc, globalThis as unknown as Record<string, unknown>));
  return shared;
}
