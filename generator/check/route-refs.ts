// Check: every navigation target (action.to, rowClick.to, tile.to, breadcrumb.to, form back, redirect)
// is a route, and every route's screen exists.
import { referencesOf } from './references/by-kind.ts';
import type { Check, Problem } from './problem.ts';

export const checkRouteReferences: Check = ({ catalogue }) => {
  const routes = new Set(catalogue.routes.map((r) => r.path));
  const problems: Problem[] = [];
  for (const r of referencesOf(catalogue, 'route')) {
    const path = r.name.split('?')[0];
    if (!routes.has(path))
      problems.push({
        file: r.file,
        pointer: r.pointer,
        message: `unknown route "${path}" (no route with this path in schemas/screens)`,
      });
  }
  for (const r of referencesOf(catalogue, 'screen')) {
    if (!Object.hasOwn(catalogue.screens, r.name))
      problems.push({ file: r.file, pointer: r.pointer, message: `unknown screen "${r.name}"` });
  }
  return problems;
};
