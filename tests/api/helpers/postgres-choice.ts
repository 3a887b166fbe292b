// Which PostgreSQL the API tests use (docs/adr/0107-test-postgres-started-or-skipped-aloud.md): the one at
// ATRIUM_TEST_DATABASE_URL (default 127.0.0.1:5432, database test), or the embedded one the run's global
// setup started when none answered there (it sets the variable for the workers); none only when
// ATRIUM_TEST_POSTGRES=off.
export const POSTGRES_URL_ENV = 'ATRIUM_TEST_DATABASE_URL';
export const POSTGRES_SWITCH_ENV = 'ATRIUM_TEST_POSTGRES';
export const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test';

export function postgresUrl(env: NodeJS.ProcessEnv = process.env): string {
  return env[POSTGRES_URL_ENV] || DEFAULT_POSTGRES_URL;
}

/** True when the run was told to leave PostgreSQL out; any value but `off` or `on` stops the run. */
export function postgresSkipped(env: NodeJS.ProcessEnv = process.env): boolean {
  const value = env[POSTGRES_SWITCH_ENV];
  if (value === undefined || value === '' || value === 'on') return false;
  if (value === 'off') return true;
  throw new Error(`${POSTGRES_SWITCH_ENV}=${value}: only 'off' (skip PostgreSQL) or 'on' (the default)`);
}

/** The address without its credentials, for messages. */
export const shownUrl = (url: string): string => url.replace(/\/\/[^@]*@/, '//');
