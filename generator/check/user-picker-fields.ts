// Check: a form field drawn by the `user-picker` widget holds what the widget stores
// (docs/adr/0142-user-picker-widget-and-master-detail.md): one user as a string id or an object record,
// or several as an array of either; `picker.join` (several ids joined in one string,
// docs/adr/0168-batch-count-parts-summary-undo.md) only on a string property.
import type { Check } from './problem.ts';

type Prop = { type?: string; items?: { type?: string } } | undefined;
const HOLDS_USERS = new Set(['string', 'object']);

const holdsUsers = (prop: Prop) =>
  Boolean(
    prop?.type && (HOLDS_USERS.has(prop.type) || (prop.type === 'array' && HOLDS_USERS.has(prop.items?.type ?? ''))),
  );

export const checkUserPickerFields: Check = ({ catalogue }) =>
  Object.values(catalogue.screens).flatMap((screen) => {
    if (screen.kind !== 'form') return [];
    const props = (catalogue.entities[screen.entity]?.schema.properties ?? {}) as Record<string, Prop>;
    const lists = [
      { at: '/fields', fields: screen.fields },
      ...(screen.tabs ?? []).map((tab, i) => ({ at: `/tabs/${i}/fields`, fields: tab.group ? undefined : tab.fields })),
    ];
    return lists.flatMap(({ at, fields }) =>
      (fields ?? []).flatMap((entry, i) => {
        if (typeof entry !== 'object') return [];
        const where = { file: screen.origin.file, pointer: `${screen.origin.pointer}${at}/${i}` };
        const found: string[] = [];
        if (entry.widget === 'user-picker' && !holdsUsers(props[entry.field]))
          found.push(
            `field "${entry.field}" uses widget user-picker but is neither a string, an object nor an array of either`,
          );
        if (entry.picker?.join !== undefined && props[entry.field]?.type !== 'string')
          found.push(`field "${entry.field}": picker.join joins ids into a string, the property is not one`);
        return found.map((message) => ({ ...where, message }));
      }),
    );
  });
