import { createHash } from 'node:crypto';

/**
 * The stored password verifier: SHA-256 over a per-user salt followed by the 32 bytes of the SHA-256
 * digest the client sends. The store thus never holds the value a client presents.
 */
export function passwordVerifier(saltHex: string, digest: Buffer): Buffer {
  return createHash('sha256').update(Buffer.from(saltHex, 'hex')).update(digest).digest();
}
