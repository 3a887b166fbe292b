// The export op of the generic CRUD: the records the list would show (same filters, same order), one
// column per entity field headed by its label in the caller's language, written as xlsx by the
// shared streaming writer; enumerations read as their labels, users and departments as their names.
import type { EntityDef, JsonSchema } from '../../../core/catalogue/types.ts';
import type { Column } from '../transfer/columns.ts';
import { sendAsAttachment, writeSheet } from '../transfer/export-sheet.ts';
import type { HandlerContext } from '../handler.ts';
import { crudBatch, type CrudRecord, type Domains, type ListOptions } from './crud-records.ts';
import { refNames } from './crud-refs.ts';

function columnsOf(properties: Record<string, JsonSchema>): Column[] {
  return Object.entries(properties)
    .filter(([name, p]) => name !== 'id' && !p['x-secret'])
    .map(([name, p]) => ({
      key: name,
      label: (p.title as string | undefined) ?? name,
      type: p.type === 'integer' || p.type === 'number' ? 'int' : p.format === 'date' ? 'date' : 'text',
      imported: false,
    }));
}

export async function exportCrud(
  ctx: HandlerContext,
  entity: EntityDef,
  domains: Domains,
  options: ListOptions,
): Promise<unknown> {
  const { db, catalogue } = ctx.services;
  const labels = catalogue.labels[await ctx.request.atrium.language()] ?? {};
  const properties = options.properties;
  let offset = 0;
  const source = async (): Promise<Array<Record<string, unknown>>> => {
    const batch = await crudBatch(db, entity.id, domains, options, offset);
    offset += batch.length;
    const names = await refNames(db, entity, batch);
    return batch.map((r: CrudRecord) => {
      const values: Record<string, unknown> = { ...r };
      for (const [field, byId] of Object.entries(names)) values[field] = byId.get(String(r[field])) ?? r[field];
      for (const [field, p] of Object.entries(properties)) {
        const xLabels = p['x-labels'] as Record<string, string> | undefined;
        const key = xLabels?.[String(r[field])];
        if (key) values[field] = labels[key] ?? r[field];
      }
      return values;
    });
  };
  sendAsAttachment(ctx.reply, entity.id);
  return writeSheet(labels[entity.label ?? ''] ?? entity.id, columnsOf(properties), labels, source, (v) => v);
}
