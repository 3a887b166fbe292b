// Check: the row actions of a table (docs/adr/0162-table-row-actions.md). They are drawn in a panel's
// table only (an import dialog runs no calls from its rows); their `args` name parts their call has; and
// where the table's rows are a field of the panel's read answer (`reply.<path>`), the row fields the
// args, the key and a column's `aside` name are fields of those rows.
import { inlineEntityRefs } from '../../src/core/catalogue/schema-refs.ts';
import type { ImportTable } from '../../src/core/catalogue/import-screen.ts';
import type { Catalogue, JsonSchema } from '../../src/core/catalogue/types.ts';
import { callArgsProblems } from './call-args.ts';
import type { Check, Problem } from './problem.ts';

type Found = Array<[string, string]>;

/** The properties of the rows a `reply.a.b` rule names in the answer schema, or null when unknown. */
function rowFields(reply: JsonSchema | undefined, rows: string | undefined, catalogue: Catalogue): Set<string> | null {
  const path = rows
    ?.match(/^reply((?:\.[A-Za-z_$][\w$]*)+)$/)?.[1]
    ?.slice(1)
    .split('.');
  if (!reply || !path) return null;
  let schema: JsonSchema | undefined = inlineEntityRefs(reply, catalogue);
  for (const name of path) {
    const props = (schema?.properties ?? {}) as Record<string, JsonSchema>;
    schema = props[name] ? inlineEntityRefs(props[name], catalogue) : undefined;
  }
  const items = schema?.type === 'array' ? (schema.items as JsonSchema | undefined) : undefined;
  return items ? new Set(Object.keys(inlineEntityRefs(items, catalogue).properties ?? {})) : null;
}

function tableProblems(catalogue: Catalogue, table: ImportTable, reply: JsonSchema | undefined): Found {
  const fields = rowFields(reply, table.rows, catalogue);
  const named: Array<[string, string]> = [
    ...table.key.map((k, i): [string, string] => [`/key/${i}`, k]),
    ...table.columns.flatMap((c, i): Array<[string, string]> => (c.aside ? [[`/columns/${i}/aside`, c.aside]] : [])),
    ...(table.actions ?? []).flatMap((a, i) =>
      (['params', 'query', 'body'] as const).flatMap((part) =>
        Object.entries(a.args?.[part] ?? {}).map(([name, field]): [string, string] => [
          `/actions/${i}/args/${part}/${name}`,
          field,
        ]),
      ),
    ),
  ];
  return fields ? named.filter(([, f]) => !fields.has(f)).map(([at, f]) => [at, `the rows have no field "${f}"`]) : [];
}

export const checkTableActions: Check = ({ catalogue }) =>
  Object.values(catalogue.screens).flatMap((screen): Problem[] => {
    const { file, pointer } = screen.origin;
    if (screen.kind === 'import') {
      const tables: Array<[string, ImportTable | undefined]> = [
        ['/preview/table', screen.preview?.table],
        ['/result/table', screen.result?.table],
      ];
      return tables
        .filter(([, t]) => t?.actions)
        .map(([at]) => ({
          file,
          pointer: `${pointer}${at}/actions`,
          message: "row actions are drawn in a panel's table only",
        }));
    }
    if (screen.kind !== 'panel') return [];
    const reply = catalogue.calls[screen.read.call]?.reply;
    return screen.parts.flatMap((part, i) => {
      if (!part.table) return [];
      const at = `${pointer}/parts/${i}/table`;
      return [
        ...tableProblems(catalogue, part.table, reply).map(([sub, message]) => ({ file, pointer: at + sub, message })),
        ...(part.table.actions ?? []).flatMap((a, j) =>
          a.args ? callArgsProblems(catalogue, a.call, a.args, { file, pointer: `${at}/actions/${j}/args` }) : [],
        ),
      ];
    });
  });
