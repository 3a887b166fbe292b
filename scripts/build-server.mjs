// `npm run build:server`: the compiled server (docs/adr/0105-compiled-server.md), main.js and each worker
// thread's module beside it as <name>.js, bundled with the options the server under tsx bundles its workers
// with (src/server/workers/start-worker.ts): one definition, src/server/workers/server-bundle.json.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const { entryPoints, options } = JSON.parse(
  readFileSync(new URL('../src/server/workers/server-bundle.json', import.meta.url), 'utf8'),
);
await build({
  ...options,
  entryPoints,
  outdir: `${process.env.ATRIUM_DIST || 'dist'}/server`,
  entryNames: '[name]',
  sourcemap: true,
});
