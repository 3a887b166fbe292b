// Whether a start adds the demo data (docs/adr/0023-safe-defaults.md): ATRIUM_DEMO=on or off decides; unset, only the embedded
// default database (PGlite) gets it, so a PostgreSQL the operator points the server at never receives
// logins with published passwords unless asked for.
export const DEMO_ENV = 'ATRIUM_DEMO';

export function demoWanted(value: string | undefined, databaseKind: 'pglite' | 'postgres'): boolean {
  const setting = (value ?? '').trim().toLowerCase();
  if (setting === 'on') return true;
  if (setting === 'off') return false;
  if (setting === '') return databaseKind === 'pglite';
  throw new Error(
    `${DEMO_ENV} must be "on" or "off" (or unset: demo data on the embedded database only), not "${value}"`,
  );
}
