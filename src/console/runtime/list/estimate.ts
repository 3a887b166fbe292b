// How the console writes an estimated total (docs/adr/0173-estimated-totals-above-a-bound.md).

/** An estimate to two significant digits: its last digits mean nothing. */
export const roundedEstimate = (count: number, lang: string): string =>
  new Intl.NumberFormat(lang === 'en' ? 'en' : 'zh').format(Number(count.toPrecision(2)));
