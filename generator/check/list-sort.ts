// Check: a list's `sort` sorts only by its own columns, through a query parameter its source call
// declares, with values the call's pattern for that parameter accepts (the server's whitelist).
import type { Check } from './problem.ts';

export const checkListSort: Check = ({ catalogue }) =>
  Object.values(catalogue.screens).flatMap((screen) => {
    if (screen.kind !== 'list' || !screen.sort) return [];
    const at = `${screen.origin.pointer}/sort`;
    const problem = (pointer: string, message: string) => ({
      file: screen.origin.file,
      pointer: `${at}${pointer}`,
      message,
    });
    const param = (
      catalogue.calls[screen.source]?.query?.properties as Record<string, { pattern?: string }> | undefined
    )?.[screen.sort.param];
    if (!param)
      return [problem('/param', `sort.param "${screen.sort.param}" is not a query parameter of ${screen.source}`)];
    return screen.sort.fields.flatMap((field, i) => {
      if (!screen.columns.some((c) => c.field === field))
        return [problem(`/fields/${i}`, `sort field "${field}" is not a column of the list`)];
      const accepted =
        !param.pattern || (new RegExp(param.pattern).test(field) && new RegExp(param.pattern).test(`${field} desc`));
      return accepted
        ? []
        : [
            problem(
              `/fields/${i}`,
              `${screen.source} does not accept ${screen.sort!.param} "${field}" (nor "${field} desc")`,
            ),
          ];
    });
  });
