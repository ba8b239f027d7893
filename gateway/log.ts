/**
 * The gateway's log: one JSON line per request, and lines for events (start, stop, token-file problems). Nothing
 * secret reaches it: paths are logged without their query (logins, API keys, password digests and `req` travel
 * there), tokens are named by their owner, never shown, and any free text passes `redact` first.
 */
import { TOKEN_PREFIX } from './tokens';

export type LogSink = (line: string) => void;

const SECRET_PARAMETER = /\b(login|apikey|apiKey|password|username|customerUsername|req|callbackfn)=[^&\s"'<>]*/g;
const SECRET_FIELD = /("(?:login|apikey|apiKey|password|username)"\s*:\s*")(?:[^"\\]|\\.)*/g;
const TOKEN = new RegExp(`${TOKEN_PREFIX}[A-Za-z0-9_-]+`, 'g');

/** Text with credential parameters, credential JSON fields and gateway tokens blanked. */
export function redact(text: string): string {
  return text
    .replace(SECRET_PARAMETER, '$1=[redacted]')
    .replace(SECRET_FIELD, '$1[redacted]')
    .replace(TOKEN, `${TOKEN_PREFIX}[redacted]`);
}

/** The path of a request URL, without its query. */
export function pathOnly(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

export interface RequestLine {
  method: string;
  url: string;
  status: number;
  ms: number;
  /** The client's address: the connection's own, or the one a trusted proxy named (`trusted` says which). */
  ip: string;
  /** The connection's own address. */
  peer?: string;
  /** The address `X-Forwarded-For` named last, when the header was given (believed only from a trusted proxy). */
  forwarded?: string;
  trusted?: 'peer' | 'forwarded';
  /** The gateway token's owner, when one was given and valid. */
  user?: string;
  /** Where the answer came from: the add-in's files, the cache, upstream, or the gateway itself. */
  source?: string;
  /** For list searches: parts answered, and how many of them from the cache. */
  parts?: number;
  fromCache?: number;
}

export class GatewayLog {
  constructor(private readonly sink: LogSink) {}

  request(line: RequestLine): void {
    const { url, ...rest } = line;
    this.write({ msg: 'request', ...rest, path: redact(pathOnly(url)), ms: Math.round(line.ms) });
  }

  event(msg: string, fields: Record<string, unknown> = {}): void {
    this.write({ msg: redact(msg), ...fields });
  }

  private write(fields: Record<string, unknown>): void {
    this.sink(redact(JSON.stringify({ time: new Date().toISOString(), ...fields })));
  }
}
