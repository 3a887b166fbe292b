// Distinguished names taken apart: the RDNs of a DN (commas escaped with a backslash stay inside
// their part) and one spelling of a DN to compare by (case and the spaces around separators ignored).

export function dnParts(dn: string): string[] {
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < dn.length; i++) {
    const c = dn[i];
    if (c === '\\' && i + 1 < dn.length) {
      current += c + dn[++i];
    } else if (c === ',') {
      parts.push(current.trim());
      current = '';
    } else current += c;
  }
  if (current.trim()) parts.push(current.trim());
  return parts;
}

export const normalDn = (dn: string): string =>
  dnParts(dn)
    .map((part) => part.replace(/\s*=\s*/, '=').toLowerCase())
    .join(',');
