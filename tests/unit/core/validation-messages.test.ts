// Validation messages: ajv errors on a catalogue entity become the localized texts both sides show.
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../../src/core/catalogue/from-disk.ts';
import { localizeSchemaErrors, type SchemaError, type Translate } from '../../../src/core/validation-messages.ts';

const { catalogue } = loadCatalogue();

/** A translator over one language of the real locales, with {{name}} interpolation. */
const translator =
  (lang: string): Translate =>
  (key, params = {}) =>
    (catalogue.labels[lang][key] ?? key).replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(params[name] ?? ''));

const ajv = new Ajv2020({ allErrors: true, verbose: true, strict: false });
const validateDomain = ajv.compile(catalogue.entities.domain.schema);

function messages(data: unknown, lang = 'en') {
  expect(validateDomain(data)).toBe(false);
  return localizeSchemaErrors(validateDomain.errors as SchemaError[], translator(lang));
}

describe('validation messages', () => {
  it('uses the property x-messages key for the broken keyword (23-character name)', () => {
    expect(messages({ name: 'a'.repeat(23) })).toEqual([
      { field: '/name', message: catalogue.labels.en['msg.nameTooLong'] },
    ]);
  });

  it('uses x-messages for the pattern too, in every language', () => {
    for (const lang of ['en', 'zh', 'cn']) {
      expect(messages({ name: 'bad name!' }, lang)).toEqual([
        { field: '/name', message: catalogue.labels[lang]['msg.nameSpecialChars'] },
      ]);
    }
  });

  it('reports a missing required property on the property, with its own required message', () => {
    expect(messages({ systemName: 'x' })).toEqual([
      { field: '/name', message: catalogue.labels.en['msg.fillDomainName'] },
    ]);
  });

  it('falls back to validation.<keyword> with the field title and the limit', () => {
    const [error] = messages({ name: 'ok', description: 'x'.repeat(501) });
    expect(error).toEqual({ field: '/description', message: 'Description cannot exceed 500 characters.' });
  });

  it('names the field by its path when it has no title', () => {
    const validate = ajv.compile({ type: 'object', required: ['code'], properties: { code: { type: 'string' } } });
    validate({});
    expect(localizeSchemaErrors(validate.errors as SchemaError[], translator('en'))).toEqual([
      { field: '/code', message: 'code is required.' },
    ]);
  });

  it('gives one message per field, the first broken rule', () => {
    const result = messages({ name: '!'.repeat(30), status: 7 });
    expect(result.map((e) => e.field)).toEqual(['/name', '/status']);
    expect(result[0].message).toBe(catalogue.labels.en['msg.nameTooLong']);
  });

  it('says a conditional requirement on the field with the message its then-branch names, never the failed if', () => {
    const validate = ajv.compile({
      type: 'object',
      properties: { mode: { type: 'string' } },
      if: { properties: { mode: { const: 'match' } }, required: ['mode'] },
      then: {
        required: ['ip'],
        properties: {
          ip: { title: 'config.field.smsStartRangeIp', 'x-messages': { required: 'config.msg.ipRequired' } },
        },
      },
    });
    validate({ mode: 'match' });
    expect(localizeSchemaErrors(validate.errors as SchemaError[], translator('en'))).toEqual([
      { field: '/ip', message: catalogue.labels.en['config.msg.ipRequired'] },
    ]);
  });

  it('keeps every distinct rule failure of a field (each problem of one package file), once each', () => {
    const failures = [
      { field: 'processes/a.bpmn', message: 'first' },
      { field: 'processes/a.bpmn', message: 'second' },
      { field: 'processes/a.bpmn', message: 'first' },
    ];
    expect(localizeSchemaErrors([], (k) => k, failures)).toEqual([
      { field: 'processes/a.bpmn', message: 'first' },
      { field: 'processes/a.bpmn', message: 'second' },
    ]);
  });
});
