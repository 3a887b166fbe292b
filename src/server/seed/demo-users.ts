// The demo users of every tenant: Acme has 2,000 (enough to page and search), the others 50 to 300,
// Latin and Chinese names over the three-level department tree, some resigned, some domain
// administrators, and on Globex and 星辰科技 values of their own tableUser extension fields. Inserted a
// few hundred rows per statement (PGlite pays per statement); no password hash: a demo user cannot
// sign in (users are not console logins, docs/adr/0034-tenant-organisation.md).
import { randomUUID } from 'node:crypto';
import { sql, type Insertable } from 'kysely';
import type { Db, FieldExtends, Users } from '../db/schema.ts';
import { DEMO_TENANTS } from './demo-data.ts';

const FAMILY = ['Wang', 'Li', 'Zhang', 'Liu', 'Chen', 'Smith', 'Garcia', 'Mueller', 'Rossi', 'Kim', 'Novak', 'Silva'];
const GIVEN = ['Wei', 'Fang', 'Min', 'Jing', 'Lei', 'Anna', 'James', 'Sofia', 'Lukas', 'Yuna', 'Omar', 'Elena', 'Noah'];
const FAMILY_ZH = ['王', '李', '张', '刘', '陈', '杨', '黄', '赵', '吴', '周', '徐', '孙', '马', '朱'];
const GIVEN_ZH = [
  '伟',
  '芳',
  '敏',
  '静',
  '磊',
  '娜',
  '强',
  '洋',
  '艳',
  '勇',
  '军',
  '杰',
  '涛',
  '明',
  '超',
  '秀英',
  '建华',
  '志强',
  '海燕',
  '晓东',
];
const OFFICES = ['Shanghai', 'Berlin', 'Houston'];
const BATCH = 500;

/** Users per tenant: Acme 2,000, the others spread over 50–300. */
export const demoUserCount = (slug: string, index: number): number =>
  slug === 'acme' ? 2000 : 50 + ((index * 83) % 251);

/** The tenants' own tableUser fields (spare columns no test of the platform's fields uses). */
export const DEMO_USER_FIELDS: ReadonlyArray<{
  slug: string;
  name: string;
  label: string;
  type: string;
  options?: string;
  search: boolean;
}> = [
  { slug: 'globex', name: 'field11', label: 'Employee_no', type: 'string', search: true },
  { slug: 'globex', name: 'field12', label: 'Office', type: 'select', options: OFFICES.join(';'), search: false },
  { slug: 'xingchen', name: 'field11', label: '工号', type: 'string', search: true },
];

function nameOf(n: number, chinese: boolean): string {
  if (chinese)
    return `${FAMILY_ZH[n % FAMILY_ZH.length]}${GIVEN_ZH[(n * 7 + Math.floor(n / FAMILY_ZH.length)) % GIVEN_ZH.length]}`;
  return `${FAMILY[n % FAMILY.length]}_${GIVEN[(n * 5 + Math.floor(n / FAMILY.length)) % GIVEN.length]}`;
}

/** Most users in the leaves, fewer at headquarters: department keys weighted by position. */
const SPREAD = [
  'hq',
  'sales',
  'sales',
  'sales',
  'eng',
  'platform',
  'platform',
  'mobile',
  'mobile',
  'finance',
  'finance',
];

export async function seedDemoUsers(
  trx: Db,
  domains: Map<string, string>,
  departments: Map<string, string>,
): Promise<void> {
  const fields: Insertable<FieldExtends>[] = DEMO_USER_FIELDS.map((f, i) => ({
    fid: randomUUID().replaceAll('-', ''),
    domain_id: domains.get(f.slug)!,
    name: f.name,
    label: f.label,
    type: f.type,
    options: f.options ?? '',
    for_table: 'tableUser',
    enabel: true,
    is_support_search: f.search,
    sort_number: i,
  }));
  await trx.insertInto('field_extends').values(fields).execute();
  let rows: Insertable<Users>[] = [];
  for (const [i, tenant] of DEMO_TENANTS.entries()) {
    const chineseTenant = /\p{Script=Han}/u.test(tenant.name);
    for (let n = 0; n < demoUserCount(tenant.slug, i); n++) {
      const loginno = `${tenant.slug}${String(n + 1).padStart(2, '0')}`;
      const ext =
        tenant.slug === 'globex'
          ? { field11: `G${String(10000 + n)}`, field12: OFFICES[n % 3] }
          : tenant.slug === 'xingchen' && n % 2 === 0
            ? { field11: `XC${String(n + 1).padStart(4, '0')}` }
            : {};
      rows.push({
        id: randomUUID(),
        domain_id: domains.get(tenant.slug)!,
        department_id: departments.get(`${tenant.slug}/${SPREAD[(n * 7) % SPREAD.length]}`)!,
        // Chinese tenants mostly Chinese names, the others mostly Latin ones.
        name: nameOf(n, chineseTenant ? n % 5 !== 0 : n % 4 === 3),
        loginno,
        email: `${loginno}@${tenant.slug}.example`,
        telephone: n % 3 === 0 ? '' : `13${String(80000_0000 + i * 10000 + n).slice(-9)}`,
        status: n % 9 === 8 ? 0 : 1,
        domain_admin: n % 9 !== 8 && n % 97 === 3,
        liaison: n % 23 === 5,
        order_no: n % 50 === 0 ? 1 : 0,
        ext: JSON.stringify(ext),
      });
      if (rows.length === BATCH) {
        await trx.insertInto('users').values(rows).execute();
        rows = [];
      }
    }
  }
  if (rows.length > 0) await trx.insertInto('users').values(rows).execute();
  await giveEveryDepartmentALiaison(trx);
}

/** A department the pattern above left without an on-job liaison officer gets its first on-job user
 *  (by login number): the processes' `superior` approvers are the liaison officers (docs/adr/0043-bpmn-process-definitions.md), so every
 *  demo user has someone above to approve its requests. */
async function giveEveryDepartmentALiaison(trx: Db): Promise<void> {
  await sql`update users set liaison = true where id in (
    select distinct on (department_id) id from users u
    where status = 1 and department_id is not null
      and not exists (select 1 from users l where l.department_id = u.department_id and l.status = 1 and l.liaison)
    order by department_id, loginno)`.execute(trx);
}
