// Writes a command's product to the file given with --out (relative to the working directory) or stdout.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

export function writeOutput(text: string, out: string | undefined): void {
  if (!out) {
    process.stdout.write(text);
    return;
  }
  const path = resolve(out);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  console.log(`wrote ${out}`);
}
