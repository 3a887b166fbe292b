// Texts that name what they are about: a label may be one text or a counted pair (`one`, `other`)
// chosen by how many records it names, with their names listed (the first few, then "and N more").
import i18next from 'i18next';

const NAMES_SHOWN = 5;

export function namesText(names: string[]): string {
  const shown = names.slice(0, NAMES_SHOWN).join(i18next.t('confirm.namesSeparator'));
  return names.length > NAMES_SHOWN
    ? i18next.t('confirm.namesAndMore', { names: shown, count: names.length - NAMES_SHOWN })
    : shown;
}

/** The label's text for `count` records: its `one` or `other` form when it is a counted pair. */
export function countText(key: string, count: number, values: Record<string, unknown> = {}): string {
  const variant = i18next.exists(`${key}.one`) ? `${key}.${count === 1 ? 'one' : 'other'}` : key;
  return i18next.t(variant, { ...values, count });
}

/** `values`: what else the label may quote (a master-detail's `{{chosen}}`). */
export function countedText(key: string, names: string[], values: Record<string, unknown> = {}): string {
  return countText(key, names.length, { ...values, names: namesText(names) });
}
