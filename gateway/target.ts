/**
 * Reading a request's target before the gateway routes or forwards anything. The gateway never builds an upstream
 * address from what a client wrote: it reads the target into a path of decoded segments, the routes compare that
 * path with the operations they forward, and the upstream gets the operation's own spelling. So a target that
 * could mean something else to another reader (an absolute URL, a dot segment, a backslash, an encoded slash, a
 * control character) is refused here rather than interpreted: refusing cannot be argued with, normalising can.
 *
 * Two spellings are normalised instead, because real clients send them and they cannot change which resource is
 * named: repeated slashes (public clients join a base ending in `/` with a path starting with `/`) and a
 * trailing slash.
 */

/** A target read: its path in the one spelling the routes compare (decoded segments), and its query as sent. */
export interface RequestTarget {
  path: string;
  query: string;
}

export type TargetReading = ({ ok: true } & RequestTarget) | { ok: false; reason: string };

const CONTROL = /[\u0000-\u001f\u007f]/;
const PERCENT_ESCAPE = /%(?![0-9A-Fa-f]{2})/;

const refuse = (reason: string): TargetReading => ({ ok: false, reason });

/**
 * Reads a request target as received (`request.raw.url`). The reasons say what was wrong without repeating the
 * target: it can carry credentials, and an answer must never echo them.
 */
export function readRequestTarget(target: string): TargetReading {
  // Origin-form only: an absolute URL (`http://host/...`) or `*` names no path of this gateway.
  if (!target.startsWith('/'))
    return refuse('The request target must be a path starting with /, not a full address or *.');
  if (CONTROL.test(target)) return refuse('The request target holds a control character.');
  if (target.includes('#')) return refuse('The request target holds a fragment (#); send the path and query only.');
  const q = target.indexOf('?');
  const rawPath = q === -1 ? target : target.slice(0, q);
  const query = q === -1 ? '' : target.slice(q + 1);
  if (rawPath.includes('\\')) return refuse('The path holds a backslash.');
  if (PERCENT_ESCAPE.test(rawPath)) return refuse('The path holds a % that does not start a percent-encoded byte.');
  const segments: string[] = [];
  for (const raw of rawPath.split('/')) {
    if (raw === '') continue;
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return refuse('The path holds percent-encoded bytes that are not UTF-8.');
    }
    if (segment.includes('/')) return refuse('The path holds an encoded slash (%2F).');
    if (segment.includes('\\')) return refuse('The path holds an encoded backslash (%5C).');
    if (CONTROL.test(segment)) return refuse('The path holds an encoded control character.');
    if (segment === '.' || segment === '..')
      return refuse('The path holds a . or .. segment (plain or percent-encoded).');
    segments.push(segment);
  }
  return { ok: true, path: `/${segments.join('/')}`, query };
}
