// The visitor's country from their address, for the sign-up's dial code (spec §8: the spec's
// client asked an outside geolocation service with a key in the browser; here the server looks
// the address up in the offline GeoLite2 country table the `geoip-country` package ships and
// updates with each release). No outside call, nothing to leak; a failure is logged and the
// operator's default country answers.
import { countryByCode } from '@backlay/contract';
import { createRequire } from 'node:module';

type Lookup = (ip: string) => { country: string } | null;

let lookup: Lookup | null = null;

/** Loaded on first use: the table is ~8 MB on disk and only sign-up needs it. */
function table(): Lookup {
  if (!lookup) {
    const require = createRequire(import.meta.url);
    const geoip = require('geoip-country') as { lookup: Lookup };
    lookup = (ip) => geoip.lookup(ip);
  }
  return lookup;
}

/** The ISO code of `ip`'s country when the sign-up's list has it; null when unknown (private, local). */
export function countryOfAddress(ip: string | null | undefined): string | null {
  if (!ip) return null;
  // An IPv4 address seen through an IPv6 socket: '::ffff:49.36.0.1'.
  const address = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  const code = table()(address)?.country ?? null;
  return code && countryByCode(code) ? code : null;
}
