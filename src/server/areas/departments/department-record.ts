// Between the `departments` table and the department entities: wire names, and the extension field
// values (field1…field20 of `ext`) flattened to top-level properties like the enterprise's.
import type { Updateable } from 'kysely';
import type { Department, DepartmentNode, DepartmentRow } from '../../../core/generated/api-types.ts';
import type { Departments } from '../../db/schema.ts';
import type { ExtValues } from '../../db/column-types.ts';

export interface DepartmentDbRow {
  id: string;
  domain_id: string;
  superior_id: string | null;
  name: string;
  code: string;
  level: number;
  order_no: number;
  valid: boolean;
  ext: ExtValues;
  superior_name: string | null;
}

export const toDepartmentReply = (row: DepartmentDbRow): Department => ({
  ...row.ext,
  id: row.id,
  name: row.name,
  code: row.code,
  superiorid: row.superior_id,
  superiorName: row.superior_name ?? '',
  level: row.level,
  orderno: row.order_no,
  valid: row.valid,
  domainid: row.domain_id,
});

export const toNode = (row: DepartmentDbRow & { has_children: boolean }): DepartmentNode => ({
  id: row.id,
  name: row.name,
  code: row.code,
  superiorid: row.superior_id,
  level: row.level,
  orderno: row.order_no,
  valid: row.valid,
  hasChildren: row.has_children,
});

export const toRow = (row: DepartmentDbRow & { user_count: number; child_count: number }): DepartmentRow => {
  const { domainid: _d, ...record } = toDepartmentReply(row);
  return {
    ...(record as Omit<DepartmentRow, 'userCount' | 'childCount'>),
    userCount: Number(row.user_count),
    childCount: Number(row.child_count),
  };
};

/** The columns a save writes: only the fields present in the body (the superior is the move's). */
export function toDepartmentColumns(input: Department): Updateable<Departments> {
  const columns: Updateable<Departments> = {};
  if (input.name !== undefined) columns.name = input.name.trim();
  if (input.code !== undefined) columns.code = input.code;
  if (input.orderno !== undefined) columns.order_no = input.orderno;
  if (input.valid !== undefined) columns.valid = input.valid;
  return columns;
}
