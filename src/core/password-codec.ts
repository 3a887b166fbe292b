// The wire encoding of passwords (spec/platform-console.md, "The calls it makes"): base64 of the UTF-8 bytes with the last two
// characters of the encoding moved to the front. It only obscures; TLS and hashing protect.

function toBase64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(encoded: string): string {
  const binary = atob(encoded);
  // A plain loop: `Uint8Array.from` with a mapping function calls it per character, which a megabyte of
  // bad input (the fuzzing's) paid for on every request (docs/adr/0225-api-tests-cheaper-pglite-open.md).
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

export function encodePassword(plain: string): string {
  const b = toBase64(plain);
  return b.length < 2 ? b : b.slice(-2) + b.slice(0, -2);
}

/** Returns null when the value is not a valid encoding, so callers answer with a clear error. */
export function decodePassword(wire: string): string | null {
  if (wire.length < 2) return wire.length === 0 ? '' : null;
  try {
    return fromBase64(wire.slice(2) + wire.slice(0, 2));
  } catch {
    return null;
  }
}

/** The marker a form sends back for a secret it never received: keep the stored value. */
export const UNCHANGED_SECRET = '******';
