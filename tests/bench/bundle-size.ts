// The console's initial JavaScript: the entry script and its modulepreloads named by dist/console/index.html.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const DIST = join(process.cwd(), 'dist', 'console');

export function initialBundleSize(): { raw: number; gzip: number; files: number } {
  const indexPath = join(DIST, 'index.html');
  if (!existsSync(indexPath)) throw new Error('dist/console is missing: run `npm run build` first');
  const html = readFileSync(indexPath, 'utf8');
  const refs = [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="([^"]+\.js)"/g)].map(
    (m) => m[1],
  );
  let raw = 0;
  let gzip = 0;
  for (const ref of new Set(refs)) {
    const content = readFileSync(join(DIST, ref.replace(/^\.?\//, '')));
    raw += content.length;
    gzip += gzipSync(content, { level: 9 }).length;
  }
  return { raw, gzip, files: new Set(refs).size };
}
