// `npm run build:server`: the server and its worker threads' modules bundled into $ATRIUM_DIST/server
// (dist/server by default), where `npm start` runs main.js with plain node (docs/adr/0105-compiled-server.md).
import { build } from 'esbuild';
import { SERVER_BUNDLE, workerModules } from './server-bundle.ts';

await build({
  ...SERVER_BUNDLE,
  entryPoints: ['src/server/main.ts', ...workerModules()],
  outdir: `${process.env.ATRIUM_DIST || 'dist'}/server`,
  entryNames: '[name]',
  sourcemap: true,
});
