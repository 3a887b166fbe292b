// Names of the generated TypeScript types: entity ids and call parts turned into PascalCase.

/** `domain-page` → `DomainPage`, `domains.list` + `Query` → `DomainsListQuery`. */
export function typeName(...parts: string[]): string {
  return parts
    .join('-')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join('');
}
