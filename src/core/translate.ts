// Label lookup with `{{name}}` interpolation over one language's flat labels (catalogue.labels[lang]).
// A missing key reads as the key itself, so a gap is visible instead of blank.

export type Labels = Readonly<Record<string, string>>;

export function interpolate(text: string, params?: Record<string, unknown>): string {
  if (!params) return text;
  return text.replace(/\{\{\s*([A-Za-z0-9_.]+)\s*\}\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole,
  );
}

export function translate(labels: Labels | undefined, key: string, params?: Record<string, unknown>): string {
  const text = labels && Object.prototype.hasOwnProperty.call(labels, key) ? labels[key] : key;
  return interpolate(text, params);
}

/** A `t(key, params)` bound to one language, the shape validation-messages.ts expects. */
export function translatorFor(labels: Labels | undefined): (key: string, params?: Record<string, unknown>) => string {
  return (key, params) => translate(labels, key, params);
}
