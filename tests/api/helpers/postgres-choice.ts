// Which PostgreSQL the API tests use (docs/adr/0107-test-postgres-started-or-skipped-aloud.md): the one at
// ATRIUM_TEST_DATABASE_URL (default 127.0.0.1:5432, database test), or the embedded one the run's global
// setup started when none answered there (it sets the variable for the workers); none only when
// ATRIUM_TEST_POSTGRES=off.
import { switchedOff } from '../../support/test-switch.ts';

export const POSTGRES_URL_ENV = 'ATRIUM_TEST_DATABASE_URL';
export const POSTGRES_SWITCH_ENV = 'ATRIUM_TEST_POSTGRES';
export const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test';

export function postgresUrl(env: NodeJS.ProcessEnv = process.env): string {
  return env[POSTGRES_URL_ENV] || DEFAULT_POSTGRES_URL;
}

/** True when the run was told to leave PostgreSQL out; any value but `off` or `on` stops the run. */
export const postgresSkipped = (env: NodeJS.ProcessEnv = process.env): boolean => switchedOff(POSTGRES_SWITCH_ENV, env);

/** The address without its credentials, for messages. */
export const shownUrl = (url: string): string => url.replace(/\/\/[^@]*@/, '//');
