// `atrium verify-log [--domain ID|platform]`: recomputes the operation log's chains (D56) on the
// database the server uses (DATABASE_URL, else the PGlite files under DATA_DIR, which the server must
// not hold open meanwhile) and prints the first broken link. Exit code 0 intact, 1 broken.
import { join, resolve } from 'node:path';
import { openDatabase } from '../../src/server/db/connect.ts';
import { verifyLog } from '../../src/server/operation-log/verify-chain.ts';
import { option } from './args.ts';

export async function verifyLogCommand(args: string[]): Promise<number> {
  const domain = option(args, 'domain');
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const database = await openDatabase({ databaseUrl, pgliteDir: join(resolve(process.env.DATA_DIR ?? './data'), 'pglite') });
  try {
    const chain = domain === undefined ? null : domain === 'platform' ? '' : domain;
    const result = await verifyLog(database.db, chain);
    if (result.ok) {
      console.log(`operation log intact: ${result.checked} entries in ${result.chains} chain(s) verified`);
      return 0;
    }
    const broken = result.broken!;
    const where = broken.chain === '' ? 'the platform' : `enterprise ${broken.chain}`;
    const what = broken.reason === 'checkpoint' ? 'its retention checkpoint has a bad signature' : broken.reason === 'edited' ? `entry ${broken.id} (${broken.at}) was changed after it was written` : `the chain breaks at entry ${broken.id} (${broken.at}): an entry before it was removed or put in between`;
    console.error(`operation log of ${where}: ${what} (${result.checked} entries verified before it)`);
    return 1;
  } finally {
    await database.close();
  }
}
