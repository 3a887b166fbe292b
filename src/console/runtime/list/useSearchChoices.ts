// The choices of a list's search fields that name an `x-options` source (e.g. the enterprises of the
// online-users filter): each source read once when the form opens; a field with a source draws a
// select whose first choice, the empty value, means "all".
import { useEffect, useState } from 'react';
import { callAny } from '../../api/client.ts';
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
  const [choices, setChoices] = useState<SearchChoices>({});
  const sources = fields.flatMap(({ field, schema }) =>
    schema['x-options'] ? [{ field, source: schema['x-options'] as OptionsSource }] : [],
  );
  const key = JSON.stringify(sources);
  useEffect(() => {
    let current = true;
    for (const { field, source } of JSON.parse(key) as typeof sources) {
      callAny<Row[]>(source.call, {}).then(
        (rows) =>
          current &&
          setChoices((now) => ({
            ...now,
            [field]: (rows ?? []).map((row) => ({
              value: String(row[source.value]),
              label: String(row[source.label] ?? row[source.value]),
            })),
          })),
        () => current && setChoices((now) => ({ ...now, [field]: [] })), // the client showed errmsg
      );
    }
    return () => {
      current = false;
    };
  }, [key]);
  return choices;
}
