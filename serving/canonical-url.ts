/**
 * The one spelling of a request path a server routes and checks. The reference service rewrites every URL with it
 * before routing; it sits beside the other rules of serving so any server of this project reads paths the same way.
 */

/** Characters RFC 3986 calls unreserved: percent-encoding one of them names the same resource. */
const ENCODED_UNRESERVED = /%(?:[46][1-9A-Fa-f]|[57][0-9Aa]|3[0-9]|2[Dd]|2[Ee]|5[Ff]|7[Ee])/g;

/**
 * The path of a request URL in the one spelling every route and check reads: repeated slashes are one slash
 * (public clients join a base ending in `/` with a path starting with `/`), percent-encoded letters, digits
 * and `-._~` are decoded, and a trailing slash is dropped. The query is left exactly as sent.
 */
export function canonicalUrl(url: string): string {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  // Only an origin-form path is canonicalised; `*` and absolute forms are left for the router to refuse.
  if (!path.startsWith('/')) return url;
  let canonical = path
    .replace(/\/{2,}/g, '/')
    .replace(ENCODED_UNRESERVED, (e) => String.fromCharCode(parseInt(e.slice(1), 16)));
  // Decoding cannot create new slashes (`%2F` is reserved and stays encoded), so one pass is enough.
  if (canonical.length > 1 && canonical.endsWith('/')) canonical = canonical.slice(0, -1);
  return q === -1 ? canonical : canonical + url.slice(q);
}
