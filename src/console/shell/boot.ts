// Start-up: hands an adminToken from the address over to a cookie, then loads the catalogue, the
// global configuration and the labels of the starting language. Everything the shell needs later.
import type { ConsoleCatalogue } from '../../core/catalogue/types.ts';
import type { GlobalConfig } from '../../core/generated/api-types.ts';
import { call, setCallRoutes } from '../api/client.ts';
import { writeCookie } from '../api/cookies.ts';
import { initLanguage, initialLanguage } from '../session/language.ts';

export interface BootState {
  catalogue: ConsoleCatalogue;
  config: GlobalConfig;
}

let state: BootState | null = null;

/** The address may carry the token before the hash (?adminToken=…#/home) or inside it (#/home?adminToken=…). */
export function adminTokenFromAddress(location: Pick<Location, 'search' | 'hash'>): string | null {
  const inHash = location.hash.includes('?') ? location.hash.slice(location.hash.indexOf('?')) : '';
  return new URLSearchParams(location.search).get('adminToken') ?? new URLSearchParams(inHash).get('adminToken');
}

export async function bootstrap(): Promise<BootState> {
  const token = adminTokenFromAddress(window.location);
  if (token) writeCookie('adminToken', token);
  const [catalogue, config] = await Promise.all([
    call('meta.catalogue', { silent: true }) as Promise<unknown> as Promise<ConsoleCatalogue>,
    call('meta.globalconfig', { silent: true }),
  ]);
  const loaded = setBoot({ catalogue, config });
  await initLanguage(initialLanguage(config.language));
  return loaded;
}

/** What the shell reads later, from a loaded catalogue and configuration: bootstrap() ends with it, and
 *  the component tests start from it with the catalogue on disk instead of stubbing getBoot
 *  (docs/adr/0251-component-tests-share-one-module-graph.md). */
export function setBoot(loaded: BootState): BootState {
  setCallRoutes(loaded.catalogue.calls);
  state = loaded;
  return state;
}

export function getBoot(): BootState {
  if (!state) throw new Error('the console is used before bootstrap() finished');
  return state;
}
