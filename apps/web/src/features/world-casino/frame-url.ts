/**
 * Whether a provider's launch URL may be framed: http(s) only, and never on this site's own origin.
 * The game's frame keeps `allow-same-origin` (a provider's page needs its own origin for its API
 * calls and storage), which with `allow-scripts` would let a page of OUR origin lift its own
 * sandbox; the server's CSP frame-src names only the providers' origins, and this refuses the rest
 * before the frame is made (issue 40's review of the provider surface).
 */
export function frameableGameUrl(url: string, siteOrigin: string): URL | null {
  let parsed: URL;
  try {
    parsed = new URL(url, siteOrigin);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  if (parsed.origin === siteOrigin) return null;
  return parsed;
}
