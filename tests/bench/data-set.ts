// The benchmark's data set: 1,000 tenants with a department each, 100,000 users and one tenant
// administrator per ten tenants, generated inside the database with generate_series (seconds, not minutes).
import { sql } from 'kysely';
import type { Db } from '../../src/server/db/schema.ts';

export const TENANTS = 1_000;
export const USERS = 100_000;

export async function generateDataSet(db: Db, adminPasswordHash: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`insert into domains (id, name, system_name, description, status)
      select 'bench-d-' || n, 'Bench_Tenant_' || lpad(n::text, 5, '0'), 'System ' || n, 'Generated for the benchmark', (n % 7 <> 0)::int
      from generate_series(1, ${TENANTS}) as n`.execute(trx);
    await sql`insert into departments (id, domain_id, name, code)
      select 'bench-dep-' || n, 'bench-d-' || n, 'Head office ' || n, 'HQ' || n from generate_series(1, ${TENANTS}) as n`.execute(
      trx,
    );
    await sql`insert into users (id, domain_id, department_id, name, loginno, email, status)
      select 'bench-u-' || n, 'bench-d-' || (n % ${TENANTS} + 1), 'bench-dep-' || (n % ${TENANTS} + 1), 'User ' || n, 'bu' || n, 'bu' || n || '@bench.example', (n % 9 <> 0)::int
      from generate_series(1, ${USERS}) as n`.execute(trx);
    await sql`insert into superusers (id, name, loginno, password_hash, domain_admin, type)
      select 'bench-s-' || n, 'Bench admin ' || n, 'benchadmin' || n, ${adminPasswordHash}, true, 'admin'
      from generate_series(1, ${TENANTS / 10}) as n`.execute(trx);
    await sql`insert into superuser_domains (superuser_id, domain_id)
      select 'bench-s-' || (n % ${TENANTS / 10} + 1), 'bench-d-' || n from generate_series(1, ${TENANTS}) as n`.execute(
      trx,
    );
  });
  await sql`analyze`.execute(db);
}

/** The big tenant's size: BENCH_SCALE users (10k, 100k, 1M; 100,000 by default; of a list of sizes, as
 *  a growth run takes it, the last). */
export const BENCH_SCALE = (() => {
  const given = (process.env.BENCH_SCALE ?? '100k').split(',').pop()!.trim().toLowerCase();
  const text = given === 'off' ? '100k' : given;
  const n = Number.parseFloat(text) * (text.endsWith('m') ? 1_000_000 : text.endsWith('k') ? 1_000 : 1);
  if (!Number.isInteger(n) || n < 1_000)
    throw new Error(`BENCH_SCALE=${text}: a number of users, like 10k, 100k or 1m`);
  return n;
})();

/** One tenant of BENCH_SCALE users (the organisation bench's scale): a three-level tree of 10 × 10 × 10 departments,
 *  the users spread over its 1,000 leaves, one in nine resigned. */
export const BIG_TENANT = { id: 'bench-big', users: BENCH_SCALE } as const;

// Names as a tenant has them: half Chinese (a common surname and one or two given
// characters), half Latin (first and last name); login numbers from the Latin name or a number.
const SURNAMES = [...'王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹'];
const GIVEN = [
  ...'伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华玉兰萍红鹏辉建文斌宇浩凯健俊帆帅旭宁龙欣佳雪琳晨博思婷雨阳立成志海',
];
const FIRST = [
  'Anna',
  'Ben',
  'Clara',
  'David',
  'Emma',
  'Felix',
  'Grace',
  'Henry',
  'Iris',
  'Jack',
  'Karen',
  'Liam',
  'Maria',
  'Noah',
  'Olivia',
  'Paul',
  'Quinn',
  'Rosa',
  'Sam',
  'Tina',
  'Victor',
  'Wendy',
  'Xavier',
  'Yara',
  'Zoe',
  'Adrian',
  'Bella',
  'Carlos',
  'Diana',
  'Ethan',
  'Fiona',
  'George',
  'Hannah',
  'Ivan',
  'Julia',
  'Kevin',
  'Laura',
  'Martin',
  'Nina',
  'Oscar',
];
const LAST = [
  'Smith',
  'Johnson',
  'Brown',
  'Garcia',
  'Miller',
  'Davis',
  'Wilson',
  'Moore',
  'Taylor',
  'Thomas',
  'Martin',
  'Lee',
  'Walker',
  'Young',
  'King',
  'Wright',
  'Lopez',
  'Hill',
  'Scott',
  'Green',
  'Adams',
  'Baker',
  'Nelson',
  'Carter',
  'Mitchell',
  'Roberts',
  'Turner',
  'Phillips',
  'Campbell',
  'Parker',
  'Evans',
  'Edwards',
  'Collins',
  'Stewart',
  'Morris',
  'Murphy',
  'Cook',
  'Rogers',
  'Morgan',
  'Cooper',
];

// Each pick hashes n with a salt of its own, so surname, given names, first and last name vary
// independently (one arithmetic on n would tie them together).
const pick = (list: string[], salt: string) =>
  sql`(${sql.val(list)}::text[])[1 + (hashtext(${sql.lit(salt)} || n) & 2147483647) % ${sql.lit(list.length)}]`;

/** The big tenant's user names, as SQL over generate_series' `n`. */
const bigName = sql`case when n % 2 = 0
  then ${pick(SURNAMES, 's')} || ${pick(GIVEN, 'g')} || case when n % 3 <> 0 then ${pick(GIVEN, 'h')} else '' end
  else ${pick(FIRST, 'f')} || ' ' || ${pick(LAST, 'l')} end`;
const bigLogin = sql`case when n % 2 = 0 then 'u' || lpad(n::text, 7, '0')
  else lower(${pick(FIRST, 'f')}) || '.' || lower(${pick(LAST, 'l')}) || n end`;

/** Search words an administrator types, drawn from the data set: pieces of the names (Latin and
 *  Chinese, two to four characters), login number prefixes, department names. */
export function searchWords(): { names: string[]; logins: string[]; departments: string[] } {
  const names: string[] = [];
  for (const s of SURNAMES) for (const g of GIVEN.slice(0, 12)) names.push(s + g, g);
  for (const g of GIVEN) for (const h of GIVEN.slice(0, 8)) names.push(g + h);
  for (const word of [...FIRST, ...LAST])
    for (let i = 0; i + 2 <= word.length; i++)
      for (const len of [2, 3, 4]) if (i + len <= word.length) names.push(word.slice(i, i + len));
  const logins = [
    ...FIRST.map((f) => `${f.toLowerCase()}.`),
    ...Array.from({ length: 100 }, (_, i) => `u00${String(i).padStart(2, '0')}`),
  ];
  const departments = [
    ...Array.from({ length: 10 }, (_, a) => `Division ${a + 1}`),
    ...Array.from({ length: 100 }, (_, i) => `Unit ${(i % 10) + 1}.${Math.floor(i / 10) + 1}`),
  ];
  return { names: [...new Set(names)], logins, departments };
}

/** The big tenant with users `from`…`upTo` (a growth run adds the users of its next size to the tenant
 *  of the last one; the tenant and its departments are made with the first). */
export async function generateBigTenant(db: Db, upTo: number = BIG_TENANT.users, from = 1): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (from === 1) await bigTenantTree(trx);
    await sql`insert into users (id, domain_id, department_id, name, loginno, email, status)
      select 'big-u-' || n, ${BIG_TENANT.id}, 'big-3-' || (n % 10 + 1) || '-' || (n / 10 % 10 + 1) || '-' || (n / 100 % 10 + 1),
        ${bigName}, ${bigLogin}, 'big' || n || '@bench.example', (n % 9 <> 0)::int
      from generate_series(${from}::int, ${upTo}::int) as n`.execute(trx);
  });
  // A table in use is vacuumed (autovacuum would have by now): index-only walks need its visibility map.
  await sql`vacuum analyze users`.execute(db);
}

/** The big tenant and its 10 × 10 × 10 departments. */
async function bigTenantTree(trx: Db): Promise<void> {
  await sql`insert into domains (id, name, status) values (${BIG_TENANT.id}, 'Bench_Big_Tenant', 1)`.execute(trx);
  await sql`insert into departments (id, domain_id, superior_id, name, code, level, order_no)
      select 'big-1-' || a, ${BIG_TENANT.id}, null, 'Division ' || a, 'D' || a, 0, a from generate_series(1, 10) as a`.execute(
    trx,
  );
  await sql`insert into departments (id, domain_id, superior_id, name, code, level, order_no)
      select 'big-2-' || a || '-' || b, ${BIG_TENANT.id}, 'big-1-' || a, 'Unit ' || a || '.' || b, 'U' || a || b, 1, b
      from generate_series(1, 10) as a, generate_series(1, 10) as b`.execute(trx);
  await sql`insert into departments (id, domain_id, superior_id, name, code, level, order_no)
      select 'big-3-' || a || '-' || b || '-' || c, ${BIG_TENANT.id}, 'big-2-' || a || '-' || b, 'Team ' || a || '.' || b || '.' || c, 'T' || a || b || c, 2, c
      from generate_series(1, 10) as a, generate_series(1, 10) as b, generate_series(1, 10) as c`.execute(trx);
}
