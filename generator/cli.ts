#!/usr/bin/env -S npx tsx
// The `atrium` command line: check | openapi | types | db-types | diff-api | security-doc | verify-log (see docs/catalogue.md).
import { checkCommand } from './commands/check.ts';
import { openapiCommand } from './commands/openapi.ts';
import { typesCommand } from './commands/types.ts';
import { dbTypesCommand } from './commands/db-types.ts';
import { diffApiCommand } from './commands/diff-api.ts';
import { verifyLogCommand } from './commands/verify-log.ts';
import { securityDocCommand } from './commands/security-doc.ts';

const commands: Record<string, (args: string[]) => Promise<number>> = {
  check: checkCommand,
  openapi: openapiCommand,
  types: typesCommand,
  'db-types': dbTypesCommand,
  'diff-api': diffApiCommand,
  'verify-log': verifyLogCommand,
  'security-doc': securityDocCommand,
};

const USAGE = `usage: atrium <command>
  check                    validate the catalogue and every reference in it
  openapi [--out FILE]     print (or write) the OpenAPI 3.1 document
  types [--out FILE]       write the TypeScript types (default src/core/generated/api-types.ts)
  db-types [--check]       regenerate src/server/db/schema.ts from the migrations (--check: fail if it is stale)
  diff-api --against URL   compare a running server's OpenAPI document with the catalogue
  security-doc             rewrite the tables of docs/security.md that the calls' access decides
  verify-log [--domain ID] check the operation log's hash chains (DATABASE_URL or DATA_DIR); ID or platform for one;
           [--since N:HASH] with --domain, also that the head an earlier verify gave is still in the chain`;

const [name, ...args] = process.argv.slice(2);
const command = name ? commands[name] : undefined;
if (!command) {
  console.error(USAGE);
  process.exit(name === undefined || name === '--help' ? 0 : 2);
}
try {
  process.exitCode = await command(args);
} catch (e) {
  console.error(`atrium ${name}: ${(e as Error).message}`);
  process.exitCode = 2;
}
