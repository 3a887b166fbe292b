// Between the `field_extends` table and the `field-extend` entity.
import type { Insertable, Selectable } from 'kysely';
import type { FieldExtend } from '../../../core/generated/api-types.ts';
import type { FieldExtends } from '../../db/schema.ts';

export type FieldExtendRow = Selectable<FieldExtends>;

/** What create and update both write. */
type SavedColumns = Pick<
  Insertable<FieldExtends>,
  'label' | 'type' | 'enabel' | 'sort_number' | 'options' | 'is_not_null' | 'is_readonly' | 'is_support_search'
>;

export interface FieldExtendReply {
  fid: string;
  /** name-fid-forTable, the delete call's entry (the list's row key). */
  key: string;
  name: string;
  respectiveField: string;
  domainid: string;
  label: string;
  type: FieldExtend['type'];
  forTable: FieldExtend['forTable'];
  enabel: boolean;
  sortNumber: number;
  options: string;
  isNotNull: boolean;
  isReadonly: boolean;
  isSupportSearch: boolean;
}

export function toFieldExtendReply(row: FieldExtendRow): FieldExtendReply {
  return {
    fid: row.fid,
    key: `${row.name}-${row.fid}-${row.for_table}`,
    name: row.name,
    respectiveField: row.name,
    domainid: row.domain_id ?? '',
    label: row.label,
    type: row.type as FieldExtend['type'],
    forTable: row.for_table as FieldExtend['forTable'],
    enabel: row.enabel,
    sortNumber: row.sort_number,
    options: row.options,
    isNotNull: row.is_not_null,
    isReadonly: row.is_readonly,
    isSupportSearch: row.is_support_search,
  };
}

/**
 * The columns a save writes. What the spec's form shows or hides is applied here too: options only
 * for radio/checkbox/select, searchable only for string fields (and on the enterprise table only for
 * platform-level ones, the form's "system" type).
 */
export function toFieldExtendColumns(input: FieldExtend, platformLevel: boolean): SavedColumns {
  const searchable = input.type === 'string' && (input.forTable !== 'tableDomain' || platformLevel);
  return {
    label: input.label.trim(),
    type: input.type,
    enabel: input.enabel ?? false,
    sort_number: input.sortNumber ?? 0,
    options: ['radio', 'checkbox', 'select'].includes(input.type) ? (input.options ?? '').trim() : '',
    is_not_null: input.isNotNull ?? false,
    is_readonly: input.isReadonly ?? false,
    is_support_search: searchable && (input.isSupportSearch ?? false),
  };
}
