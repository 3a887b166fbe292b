// Buffers per user write with the names' pieces (docs/adr/0249-name-pieces-for-large-tenants.md): a
// user's insert, rename, status change and deletion, and an import's insert of 1,000 users in one
// statement, each with every statement it runs (the statement triggers' too: auto_explain's nested
// statements), for a small tenant and the big one, each with the pieces' triggers off (as before migration 0071) and on
// (the small tenant not kept, as every tenant under the size; the big one listed).
// Everything is rolled back. Buffers, unlike milliseconds, do not move with the machine's load.
// BENCH_DATABASE_URL=postgres://… BENCH_SCHEMA=<kept schema, big tenant listed> npx tsx tests/bench/user-write-buffers.ts
import pg from 'pg';
import { BIG_TENANT } from './data-set.ts';

const client = new pg.Client({
  connectionString: process.env.BENCH_DATABASE_URL!,
  options: [
    `-c search_path=${process.env.BENCH_SCHEMA!}`,
    '-c session_preload_libraries=auto_explain',
    '-c auto_explain.log_min_duration=0',
    '-c auto_explain.log_analyze=on',
    '-c auto_explain.log_buffers=on',
    '-c auto_explain.log_timing=off',
    '-c auto_explain.log_nested_statements=on',
    '-c auto_explain.log_format=json',
    '-c auto_explain.log_level=notice',
    '-c client_min_messages=notice',
  ].join(' '),
});
const notices: string[] = [];
client.on('notice', (m) => notices.push(m.message ?? ''));
await client.connect();

const buffersOf = (notice: string) => {
  const plan = (JSON.parse(notice.slice(notice.indexOf('{'))) as { Plan: Record<string, number> }).Plan;
  return plan['Shared Hit Blocks'] + plan['Shared Read Blocks'];
};
/** Statements run and their buffers for `text`, inside the open transaction. */
async function measured(text: string): Promise<{ statements: number; buffers: number }> {
  notices.length = 0;
  await client.query(text);
  const plans = notices.filter((n) => n.includes('"Shared Hit Blocks"'));
  return { statements: plans.length, buffers: plans.reduce((sum, n) => sum + buffersOf(n), 0) };
}

const writes = (tenant: string, department: string) => ({
  insert: `insert into users (id, domain_id, department_id, name, loginno) values ('w-1', '${tenant}', '${department}', 'Wendy Bench-Write', 'w-bench-1')`,
  rename: `update users set name = 'Wanda Bench-Rename' where id = 'w-1'`,
  status: `update users set status = 0 where id = 'w-1'`,
  delete: `delete from users where id = 'w-1'`,
  import1000: `insert into users (id, domain_id, department_id, name, loginno)
    select 'wi-' || n, '${tenant}', '${department}', 'Imported Person ' || n, 'wi-bench-' || n from generate_series(1, 1000) n`,
});
const off =
  'alter table users disable trigger users_name_pieces_insert, disable trigger users_name_pieces_update, disable trigger users_name_pieces_delete';
const conditions: Array<[string, string, string]> = [
  ['small tenant, before (pieces triggers off)', 'w-small', off],
  ['small tenant, after (not kept)', 'w-small', ''],
  ['big tenant, before (pieces triggers off)', BIG_TENANT.id, off],
  ['big tenant, after (kept)', BIG_TENANT.id, ''],
];
console.log('| condition | write | statements | buffers |\n|---|---|---|---|');
// The first pass warms the session's caches (its first statement reads the catalogue); the second is shown.
for (const [label, tenant, setup] of [...conditions, ...conditions.map(([l, t, s]) => [`${l}, shown`, t, s])]) {
  const these = writes(tenant, tenant === BIG_TENANT.id ? 'big-3-1-1-1' : 'w-small-d');
  for (const [write, text] of Object.entries(these)) {
    await client.query('begin');
    if (setup) await client.query(setup);
    await client.query(`insert into domains (id, name, status) values ('w-small', 'Write bench', 1)`);
    await client.query(
      `insert into departments (id, domain_id, name, code, level, order_no) values ('w-small-d', 'w-small', 'D', 'D', 0, 1)`,
    );
    if (write !== 'insert' && write !== 'import1000') await client.query(these.insert);
    const m = await measured(text);
    await client.query('rollback');
    if (label.endsWith(', shown')) console.log(`| ${label.slice(0, -7)} | ${write} | ${m.statements} | ${m.buffers} |`);
  }
}
await client.end();
