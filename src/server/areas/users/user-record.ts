// Between the `users` table and the `user` entity: wire names, the password never sent (the unchanged
// marker stands for "one is stored"), extension values flattened to the top level.
import { sql } from 'kysely';
import { UNCHANGED_SECRET } from '../../../core/password-codec.ts';
import type { User, UserRow } from '../../../core/generated/api-types.ts';
import type { ExtValues } from '../../db/column-types.ts';

/** The columns of a list row (`u` = users, read with the department's name). */
export const ROW_COLUMNS = [
  'u.id',
  'u.name',
  'u.loginno',
  'u.email',
  'u.telephone',
  'u.department_id',
  'u.status',
  'u.domain_admin',
  'u.liaison',
  'u.login_locked',
  'u.order_no',
  'u.ext',
] as const;

/** Dates as the text the form shows (a `date` would come back as a Date in the server's time zone). */
export const dateText = (column: 'u.proxy_start' | 'u.proxy_end') =>
  sql<string | null>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;

export interface RowData {
  id: string;
  name: string;
  loginno: string;
  email: string;
  telephone: string;
  department_id: string | null;
  department_name: string | null;
  status: number;
  domain_admin: boolean;
  liaison: boolean;
  login_locked: boolean;
  order_no: number;
  ext: ExtValues;
}

export interface RecordData extends RowData {
  domain_id: string;
  calendar_id: string | null;
  proxy_user_id: string | null;
  proxy_user_name: string | null;
  proxy_start: string | null;
  proxy_end: string | null;
  use_im: boolean;
}

const EXTENSION_KEY = /^field\d+$/;
const extensionOf = (ext: ExtValues) =>
  Object.fromEntries(Object.entries(ext ?? {}).filter(([k]) => EXTENSION_KEY.test(k)));

export function toUserRow(r: RowData): UserRow {
  return {
    ...extensionOf(r.ext),
    id: r.id,
    name: r.name,
    loginno: r.loginno,
    email: r.email,
    telephone: r.telephone,
    departmentid: r.department_id ?? '',
    departmentName: r.department_name ?? '',
    status: r.status === 0 ? 0 : 1,
    isdomainadmin: r.domain_admin,
    isliaison: r.liaison,
    loginLocked: r.login_locked,
    orderno: r.order_no,
  };
}

export function toUser(r: RecordData): User & UserRow {
  return {
    ...toUserRow(r),
    password: UNCHANGED_SECRET,
    confirmpwd: UNCHANGED_SECRET,
    calendarid: r.calendar_id ?? '',
    proxyuserid: r.proxy_user_id ?? '',
    proxyUserName: r.proxy_user_name ?? '',
    proxyStart: r.proxy_start ?? '',
    proxyEnd: r.proxy_end ?? '',
    useIM: r.use_im,
    domainid: r.domain_id,
  };
}

/** The columns a save writes from the body (the password, reach and extension values aside). */
export function userColumns(body: User) {
  const proxy = body.proxyuserid?.trim() || null;
  return {
    name: body.name.trim(),
    loginno: body.loginno.trim(),
    email: (body.email ?? '').trim(),
    telephone: body.telephone ?? '',
    calendar_id: body.calendarid?.trim() || null,
    department_id: body.departmentid,
    proxy_user_id: proxy,
    proxy_start: proxy ? body.proxyStart || null : null,
    proxy_end: proxy ? body.proxyEnd || null : null,
    liaison: body.isliaison ?? false,
    login_locked: body.loginLocked ?? false,
    use_im: body.useIM ?? false,
    status: body.status ?? 1,
    order_no: body.orderno ?? 0,
  };
}
