// Merges parsed catalogue documents into one Catalogue. Pure: the caller reads the files (node) or
// receives them (tests). Structural problems found while merging are returned, never thrown, so
// `atrium check` can list them all at once.
import type { Catalogue, CallDef, EntityDef, Origin, RouteDef, ScreenDef } from './types.ts';
import { deriveEntityFields } from './fields-from.ts';
import { expandSharedParts } from './shared-parts.ts';

export interface CatalogueDocument {
  /** Path relative to the project, e.g. schemas/api/domains.yaml or locales/en.yaml. */
  file: string;
  kind: 'entity' | 'api' | 'screen' | 'locale';
  data: unknown;
}

export interface Problem {
  file: string;
  pointer: string;
  message: string;
}

export const CATALOGUE_VERSION = 1;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Flattens nested label objects into dotted keys. */
export function flattenLabels(tree: unknown, prefix = '', out: Record<string, string> = {}): Record<string, string> {
  if (!isObj(tree)) return out;
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (isObj(v)) flattenLabels(v, key, out);
    else if (v !== null && v !== undefined) out[key] = String(v);
  }
  return out;
}

export function buildCatalogue(docs: CatalogueDocument[]): { catalogue: Catalogue; problems: Problem[] } {
  const catalogue: Catalogue = {
    version: CATALOGUE_VERSION,
    entities: {},
    calls: {},
    screens: {},
    routes: [],
    labels: {},
  };
  const problems: Problem[] = [];
  const sharedParts: Record<string, Obj> = {};
  const firstSeen = new Map<string, Origin>();

  function claim(kind: string, id: string, origin: Origin): boolean {
    const key = `${kind}:${id}`;
    const prior = firstSeen.get(key);
    if (prior) {
      problems.push({
        ...origin,
        message: `duplicate ${kind} id "${id}" (first defined in ${prior.file} at ${prior.pointer})`,
      });
      return false;
    }
    firstSeen.set(key, origin);
    return true;
  }

  for (const doc of docs) {
    const data = doc.data as Obj;
    if (doc.kind === 'locale') {
      const lang = doc.file.replace(/^.*\//, '').replace(/\.ya?ml$/, '');
      catalogue.labels[lang] = { ...catalogue.labels[lang], ...flattenLabels(data) };
      continue;
    }
    if (!isObj(data)) continue;
    if (typeof data.version === 'number' && data.version !== CATALOGUE_VERSION) {
      problems.push({
        file: doc.file,
        pointer: '/version',
        message: `catalogue version ${data.version} is not ${CATALOGUE_VERSION}`,
      });
    }
    if (doc.kind === 'entity' && isObj(data.entities)) {
      for (const [id, def] of Object.entries(data.entities)) {
        const origin = { file: doc.file, pointer: `/entities/${id}` };
        if (isObj(def) && claim('entity', id, origin)) {
          catalogue.entities[id] = { ...(def as Omit<EntityDef, 'id' | 'origin'>), id, origin };
        }
      }
    }
    if (doc.kind === 'api' && Array.isArray(data.calls)) {
      data.calls.forEach((def, i) => {
        const origin = { file: doc.file, pointer: `/calls/${i}` };
        if (isObj(def) && typeof def.id === 'string' && claim('call', def.id, origin)) {
          catalogue.calls[def.id] = { ...(def as unknown as CallDef), origin };
        }
      });
    }
    if (doc.kind === 'screen') {
      if (isObj(data.parts)) {
        for (const [id, part] of Object.entries(data.parts)) {
          if (isObj(part) && claim('part', id, { file: doc.file, pointer: `/parts/${id}` })) sharedParts[id] = part;
        }
      }
      if (Array.isArray(data.screens)) {
        data.screens.forEach((def, i) => {
          const origin = { file: doc.file, pointer: `/screens/${i}` };
          if (isObj(def) && typeof def.id === 'string' && claim('screen', def.id, origin)) {
            catalogue.screens[def.id] = { ...(def as unknown as ScreenDef), origin };
          }
        });
      }
      if (Array.isArray(data.routes)) {
        data.routes.forEach((def, i) => {
          const origin = { file: doc.file, pointer: `/routes/${i}` };
          if (isObj(def) && typeof def.path === 'string' && claim('route', def.path, origin)) {
            catalogue.routes.push({ ...(def as unknown as RouteDef), origin });
          }
        });
      }
    }
  }
  // Derived after every file is read: a part or an entity may name one defined in a later file.
  expandSharedParts(catalogue.screens, sharedParts);
  deriveEntityFields(catalogue.entities);
  return { catalogue, problems };
}
