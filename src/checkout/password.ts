/** The checkout's password: SHA-256 of the UTF-8 password in lowercase hex (docs/checkout.md, "Real checkouts"). */
export async function hashPassword(password: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(password));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Whether `text` has the form of a hashed password (64 hex characters). */
export function isPasswordHash(text: string): boolean {
  return /^[0-9a-fA-F]{64}$/.test(text);
}
