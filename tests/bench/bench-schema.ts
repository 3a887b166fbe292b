// On PostgreSQL each bench run gets a schema of its own, dropped afterwards, so runs never add up.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export async function benchSchema(databaseUrl: string): Promise<{ name: string; drop: () => Promise<void> }> {
  const name = `atrium_bench_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create schema ${name}`);
  return { name, drop: () => run(`drop schema ${name} cascade`) };
}
