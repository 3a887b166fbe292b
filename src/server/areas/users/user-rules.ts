// One rule set for every way a user or a department enters: the form, the Excel import, the directory
// and the suites' syncs (docs/adr/0095-one-rule-set-for-entering-users.md). What can be normalised is
// (spacing, a phone's separators, a department name's commas); then the catalogue's own schema of the
// field, the one the form and the create calls check, decides. A value it refuses is reported by the
// field's message key and never stored, so whatever entered re-saves unchanged through the form.
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import { entitySchemaId } from '../../../core/catalogue/schema-refs.ts';
import type { Catalogue } from '../../../core/catalogue/types.ts';
import { createAjv } from '../../http/validation.ts';

const spacing = (value: string) => value.replace(/\s+/g, ' ').trim();

/** Inner whitespace collapsed to one space, none at the ends. */
export const normalizeName = spacing;
/** A comma (ASCII, full-width or the enumeration comma) separates words in a name: it becomes a space. */
export const normalizeDepartmentName = (value: string) => spacing(value.replace(/[,，、]/g, ' '));
/** Digits only, a leading + kept: spaces, dashes, dots and parentheses are how a number is written, not part of it. */
export const normalizePhone = (value: string) => value.trim().replace(/[\s\-.()]/g, '');
export const normalizeEmail = (value: string) => value.trim();

const USER_NORMALISERS = {
  loginno: (value: string) => value.trim(),
  name: normalizeName,
  email: normalizeEmail,
  telephone: normalizePhone,
} as const;

/** The user's text fields that are present, normalised; any other field as it is. */
export function normalizeUser<T extends object>(user: T): T {
  const out = { ...user } as Record<string, unknown>;
  for (const [field, normalise] of Object.entries(USER_NORMALISERS))
    if (typeof out[field] === 'string') out[field] = normalise(out[field]);
  return out as T;
}

export interface EnteringUser {
  loginno: string;
  name: string;
  email: string;
  telephone: string;
}

/** The clean value, or the message key of the first rule it breaks. */
export type Checked<T> = { ok: true; value: T } | { ok: false; reason: string };

export interface EntryRules {
  user(user: EnteringUser): Checked<EnteringUser>;
  departmentName(name: string): Checked<string>;
}

const USER_FIELDS = ['loginno', 'name', 'email', 'telephone'] as const;
const compiled = new WeakMap<Catalogue, EntryRules>();

/** The message key the catalogue gives the broken keyword (x-messages next to it), else a generic one. */
function reasonOf(errors: ErrorObject[] | null | undefined): string {
  const error = errors?.[0];
  const messages = (error?.parentSchema as { 'x-messages'?: Record<string, string> } | undefined)?.['x-messages'];
  return messages?.[error?.keyword ?? ''] ?? 'msg.valueRefused';
}

function check<T>(validate: ValidateFunction, value: T): Checked<T> {
  return validate(value) ? { ok: true, value } : { ok: false, reason: reasonOf(validate.errors) };
}

/** The rules of the catalogue's user and department entities, compiled once per catalogue. */
export function entryRules(catalogue: Catalogue): EntryRules {
  const known = compiled.get(catalogue);
  if (known) return known;
  const ajv = createAjv(catalogue);
  const field = (entity: string, name: string) =>
    ajv.compile({ $ref: `${entitySchemaId(entity)}#/properties/${name}` });
  const userFields = USER_FIELDS.map((name) => [name, field('user', name)] as const);
  const departmentName = field('department', 'name');
  const rules: EntryRules = {
    user(user) {
      const value = normalizeUser(user);
      for (const [name, validate] of userFields) {
        const checked = check(validate, value[name]);
        if (!checked.ok) return checked;
      }
      return { ok: true, value };
    },
    departmentName: (name) => check(departmentName, normalizeDepartmentName(name)),
  };
  compiled.set(catalogue, rules);
  return rules;
}
