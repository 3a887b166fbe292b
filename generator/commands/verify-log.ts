// `atrium verify-log [--domain ID|platform] [--since NUMBER:HASH]`: verifies the operation log's chains
// against their signed heads (docs/adr/0056-operation-log.md, docs/adr/0087-operation-log-keyed-chain.md) on the database the server uses (DATABASE_URL, else the
// PGlite files under DATA_DIR, which the server must not hold open meanwhile) and prints what the
// console's verify says, in English; `--since` also checks a head an earlier verify gave (kept outside
// the database), which is what shows a rollback. Exit code 0 intact, 1 broken.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { PROJECT_ROOT } from '../../src/core/catalogue/from-disk.ts';
import { flattenLabels } from '../../src/core/catalogue/build.ts';
import { translatorFor } from '../../src/core/translate.ts';
import { openDatabase } from '../../src/server/db/connect.ts';
import type { Db } from '../../src/server/db/schema.ts';
import { verifyLog } from '../../src/server/operation-log/verify-chain.ts';
import { verifyMessage } from '../../src/server/operation-log/verify-message.ts';
import { recordedHead } from '../../src/server/operation-log/recorded-head.ts';
import { option } from './args.ts';

export interface Printer {
  out(line: string): void;
  err(line: string): void;
}

const english = () =>
  translatorFor(flattenLabels(parse(readFileSync(join(PROJECT_ROOT, 'locales', 'en.yaml'), 'utf8'))));

/** Verifies one chain (an enterprise id, `platform`) or all of them and prints the result. */
export async function reportLog(db: Db, domain: string | undefined, print: Printer, since?: string): Promise<number> {
  const chain = domain === undefined ? null : domain === 'platform' ? '' : domain;
  const t = english();
  const recorded = since ? /^(\d+):([0-9a-f]{64})$/.exec(since) : null;
  if (since !== undefined && (!recorded || chain === null)) {
    print.err('verify-log: --since takes NUMBER:HASH (the head an earlier verify gave) and needs --domain');
    return 2;
  }
  const result = await verifyLog(db, chain);
  let message = verifyMessage(result, t);
  if (result.ok && recorded && chain !== null) {
    const state = await recordedHead(db, chain, recorded[1], recorded[2]);
    message = `${message} ${t(`oplog.verify.since.${state}`, { id: recorded[1] })}`;
    if (state !== 'holds') {
      print.err(`operation log of ${chain === '' ? 'the platform' : `enterprise ${chain}`}: ${message}`);
      return 1;
    }
  }
  if (result.ok) {
    print.out(`operation log: ${message} (${result.chains} chain(s))`);
    return 0;
  }
  const where = result.broken!.chain === '' ? 'the platform' : `enterprise ${result.broken!.chain}`;
  print.err(`operation log of ${where}: ${message} (${result.checked} entries verified before it)`);
  return 1;
}

export async function verifyLogCommand(args: string[]): Promise<number> {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const database = await openDatabase({
    databaseUrl,
    pgliteDir: join(resolve(process.env.DATA_DIR ?? './data'), 'pglite'),
  });
  try {
    return await reportLog(
      database.db,
      option(args, 'domain'),
      { out: (line) => console.log(line), err: (line) => console.error(line) },
      option(args, 'since'),
    );
  } finally {
    await database.close();
  }
}
