// A download's file on this machine: the browser tests connect to a shared Chromium (docs/adr/0108-test-runs-share-prepared-state.md),
// where Playwright keeps downloads on the browser's side, so each is saved to a folder of the run's own.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Download } from 'playwright-core';

export async function savedDownload(download: Download): Promise<string> {
  const path = join(mkdtempSync(join(tmpdir(), 'atrium-download-')), download.suggestedFilename());
  await download.saveAs(path);
  return path;
}
