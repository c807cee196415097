// No zod here: the login's own checks (login.ts) use this without loading zod.

/**
 * Whether a string is plain text: no control characters (C0 — NUL, ESC, … —, DEL and C1) and no
 * lone UTF-16 surrogate (half of a character). With `lines`, tab, line feed and carriage return
 * are allowed (a memo, a reason). PostgreSQL refuses NUL in text and both NUL and lone surrogates
 * in JSON, so a request carrying one must be refused before it gets there.
 */
export function isPlainText(s: string, lines = false): boolean {
  for (let i = 0; i < s.length; i += 1) {
    const c = s.charCodeAt(i);
    if (c < 0x20) {
      if (!lines || (c !== 0x09 && c !== 0x0a && c !== 0x0d)) return false;
    } else if (c >= 0x7f && c <= 0x9f) {
      return false;
    } else if (c >= 0xd800 && c <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      i += 1; // a whole pair: one character outside the BMP
    } else if (c >= 0xdc00 && c <= 0xdfff) {
      return false;
    }
  }
  return true;
}
