// Reads and writes browser cookies (language choice, CSRF token, adminToken hand-over).

export function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/** Path `/` so the server sees the cookie on every call; `days` absent → a session cookie. */
export function writeCookie(name: string, value: string, days?: number): void {
  const expires = days === undefined ? '' : `; expires=${new Date(Date.now() + days * 86_400_000).toUTCString()}`;
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; SameSite=Lax${expires}`;
}
