// The choices of a list's search fields that name an `x-options` source (e.g. the enterprises of the
// online-users filter): each source read when the form opens; a field with a source draws a select
// whose first choice, the empty value, means "all".
import { useCallsAny } from '../../api/queries.ts';
import type { Choice } from '../form/useFieldChoices.ts';
import type { Row } from '../screen-types.ts';

interface OptionsSource {
  call: string;
  value: string;
  label: string;
}

export type SearchChoices = Record<string, Choice[] | undefined>;

export function useSearchChoices(
  fields: ReadonlyArray<{ field: string; schema: Record<string, unknown> }>,
): SearchChoices {
  const sources = fields.flatMap(({ field, schema }) =>
    schema['x-options'] ? [{ field, source: schema['x-options'] as OptionsSource }] : [],
  );
  const reads = useCallsAny<Row[]>(sources.map(({ source }) => ({ callId: source.call })));
  return Object.fromEntries(
    sources.map(({ field, source }, i) => {
      const read = reads[i];
      const rows = read?.isError ? [] : read?.data; // the client showed errmsg
      return [
        field,
        rows?.map((row) => ({
          value: String(row[source.value]),
          label: String(row[source.label] ?? row[source.value]),
        })),
      ];
    }),
  );
}
