#!/usr/bin/env -S npx tsx
// The `atrium` command line: check | openapi | types | db-types | diff-api | security-doc | verify-log (see docs/catalogue.md).
export {}; // an ES module: its top level awaits

// Each command is imported when it is run, so one command does not load the others' modules (a
// `verify-log` run needs no catalogue compiler).
type Command = (args: string[]) => Promise<number>;
const commands: Record<string, () => Promise<Command>> = {
  check: async () => (await import('./commands/check.ts')).checkCommand,
  openapi: async () => (await import('./commands/openapi.ts')).openapiCommand,
  types: async () => (await import('./commands/types.ts')).typesCommand,
  'db-types': async () => (await import('./commands/db-types.ts')).dbTypesCommand,
  'diff-api': async () => (await import('./commands/diff-api.ts')).diffApiCommand,
  'verify-log': async () => (await import('./commands/verify-log.ts')).verifyLogCommand,
  'security-doc': async () => (await import('./commands/security-doc.ts')).securityDocCommand,
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
const command = name && Object.hasOwn(commands, name) ? commands[name] : undefined;
if (!command) {
  console.error(USAGE);
  process.exit(name === undefined || name === '--help' ? 0 : 2);
}
try {
  process.exitCode = await (await command())(args);
} catch (e) {
  console.error(`atrium ${name}: ${(e as Error).message}`);
  process.exitCode = 2;
}
