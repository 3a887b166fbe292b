// Properties marked `x-encoding: password` travel in the password wire encoding (spec/platform-console.md, "The calls it makes"): the console
// encodes them just before sending, the server decodes them before validating, so the schema's rules
// (length 6–16…) apply to what the user typed on both sides.
import { decodePassword, encodePassword } from './password-codec.ts';
import type { JsonSchema } from './catalogue/types.ts';

type Row = Record<string, unknown>;

/** Names of the top-level properties of an (inlined) object schema that are wire-encoded. */
export function passwordFields(schema: JsonSchema | undefined): string[] {
  const props = (schema?.properties ?? {}) as Record<string, JsonSchema>;
  return Object.entries(props)
    .filter(([, p]) => p['x-encoding'] === 'password')
    .map(([name]) => name);
}

export function encodeWireFields(body: Row, fields: readonly string[]): Row {
  const out = { ...body };
  for (const name of fields) if (typeof out[name] === 'string') out[name] = encodePassword(out[name]);
  return out;
}

/** Decodes in place of a copy; returns the names whose value is not a valid encoding. */
export function decodeWireFields(body: Row, fields: readonly string[]): { body: Row; invalid: string[] } {
  const out = { ...body };
  const invalid: string[] = [];
  for (const name of fields) {
    if (typeof out[name] !== 'string') continue;
    const plain = decodePassword(out[name]);
    if (plain === null) invalid.push(name);
    else out[name] = plain;
  }
  return { body: out, invalid };
}
