// The columns of the user and department sheets, shared by export, templates and import: wire name,
// label key (the header in the caller's language), how a cell reads, and whether an import takes it.
// A header matches a column by its wire name or its label in any of the three languages, so a sheet
// exported in Chinese imports for an English-speaking administrator. The tenant's extension fields
// (platform-level and its own, field-extends tableUser / tableDept) follow, headed by their labels.
import { LANGUAGES } from '../../../core/catalogue/types.ts';
import type { Db } from '../../db/schema.ts';
import { platformFields, tenantFields } from '../field-extends/stored-fields.ts';
import type { FieldExtendReply } from '../field-extends/field-extend-record.ts';
import { SheetRefusal } from './xlsx-guard.ts';

export type Kind = 'user' | 'department';
export type CellType = 'text' | 'int' | 'bool' | 'date' | 'checkbox';

export interface Column {
  key: string;
  /** A label key, or for an extension field its own label. */
  label: string;
  type: CellType;
  /** Read back by an import (export-only columns are facts the import leaves alone). */
  imported: boolean;
  /** An extension field: its definition (choices, required, read-only). */
  field?: FieldExtendReply;
}

const col = (key: string, type: CellType = 'text', imported = true): Column => ({
  key,
  label: `transfer.column.${key}`,
  type,
  imported,
});

// Not imported: domain administration (domainAdmins.add, tenant administrators only), the calendar
// and the proxy (a dated hand-over edited on the user's form).
const USER_COLUMNS: Column[] = [
  col('loginno'),
  col('name'),
  col('department'),
  col('email'),
  col('telephone'),
  col('status', 'int'),
  col('orderno', 'int'),
  col('isliaison', 'bool'),
  col('loginLocked', 'bool'),
  col('useIM', 'bool'),
  col('isdomainadmin', 'bool', false),
  col('calendarid', 'text', false),
  col('proxy', 'text', false),
  col('proxyStart', 'date', false),
  col('proxyEnd', 'date', false),
];
const DEPARTMENT_COLUMNS: Column[] = [col('path'), col('code'), col('orderno', 'int'), col('valid', 'bool')];

/** The identity of a row: users by login number, departments by their path. */
export const KEY_COLUMN: Record<Kind, string> = { user: 'loginno', department: 'path' };
export const FOR_TABLE: Record<Kind, 'tableUser' | 'tableDept'> = { user: 'tableUser', department: 'tableDept' };

/** The extension fields of a tenant's users or departments (the platform's and its own, as their forms
 *  have them), or the platform's alone for a template without a tenant. */
export async function extensionFields(db: Db, domainId: string | null, kind: Kind): Promise<FieldExtendReply[]> {
  return domainId === null ? platformFields(db, FOR_TABLE[kind]) : tenantFields(db, FOR_TABLE[kind], domainId);
}

export function columnsOf(kind: Kind, fields: readonly FieldExtendReply[]): Column[] {
  const own = kind === 'user' ? USER_COLUMNS : DEPARTMENT_COLUMNS;
  const ext = fields.map((f): Column => ({
    key: f.name,
    label: f.label,
    type: f.type === 'checkbox' ? 'checkbox' : f.type === 'date' ? 'date' : 'text',
    imported: !f.isReadonly,
    field: f,
  }));
  return [...own, ...ext];
}

/** A column's header in one language. */
export const headerOf = (column: Column, labels: Readonly<Record<string, string>>) =>
  column.field ? column.label : (labels[column.label] ?? column.key);

const norm = (s: string) => s.trim().toLowerCase();

/**
 * Which column each header cell names (undefined: not ours, ignored). Refuses a sheet without the key
 * column and one naming a column twice.
 */
export function matchHeader(
  header: readonly string[],
  columns: readonly Column[],
  labels: Record<string, Readonly<Record<string, string>>>,
  kind: Kind,
  language: string,
): Array<Column | undefined> {
  const byName = new Map<string, Column>();
  for (const column of columns) {
    byName.set(norm(column.key), column);
    for (const language of LANGUAGES) byName.set(norm(headerOf(column, labels[language] ?? {})), column);
  }
  const seen = new Set<string>();
  const matched = header.map((text) => {
    const column = text ? byName.get(norm(text)) : undefined;
    if (!column || !column.imported) return undefined;
    if (seen.has(column.key)) throw new SheetRefusal('transfer.msg.duplicateHeader', { column: text });
    seen.add(column.key);
    return column;
  });
  const key = columns.find((c) => c.key === KEY_COLUMN[kind])!;
  if (!seen.has(key.key))
    throw new SheetRefusal('transfer.msg.missingHeader', { column: headerOf(key, labels[language] ?? {}) });
  return matched;
}
