// The digests the server injects (node:crypto); a browser passes Web Crypto's.
import { createHash, createHmac } from 'node:crypto';

export const hmac = (key: string, message: string): Uint8Array =>
  new Uint8Array(createHmac('sha256', key).update(message, 'utf8').digest());
export const sha256 = (message: string): Uint8Array =>
  new Uint8Array(createHash('sha256').update(message, 'utf8').digest());
