// A package form as the task runtime draws it (docs/adr/0132-task-runtime-and-bare-bpmn.md): each field type's JSON Schema, labels in
// the reader's language, required fields listed, a textarea drawn as one.
import { describe, expect, it } from 'vitest';
import { formSchemaOf } from '../../../../src/core/packages/form-schema.ts';
import type { FormField } from '../../../../src/core/packages/package-types.ts';

const label = (en: string, zh: string) => ({ en, zh, cn: zh });
const FIELDS: FormField[] = [
  { name: 'kind', type: 'select', label: label('Kind', '类型'), required: true, options: ['annual', 'sick'] },
  { name: 'from', type: 'date', label: label('From', '开始日期'), required: true },
  { name: 'days', type: 'number', label: label('Days', '天数') },
  { name: 'budget', type: 'money', label: label('Budget', '预算') },
  { name: 'reason', type: 'textarea', label: label('Reason', '事由') },
  { name: 'who', type: 'user', label: label('Who', '人员') },
];

describe('formSchemaOf', () => {
  it('gives each field type its schema, in the reader language, with the required ones', () => {
    const { schema, uiSchema } = formSchemaOf(FIELDS, 'zh');
    expect(schema).toEqual({
      type: 'object',
      required: ['kind', 'from'],
      properties: {
        kind: { type: 'string', title: '类型', enum: ['annual', 'sick'] },
        from: { type: 'string', title: '开始日期', format: 'date' },
        days: { type: 'number', title: '天数' },
        budget: { type: 'number', title: '预算', minimum: 0, multipleOf: 0.01 },
        reason: { type: 'string', title: '事由', maxLength: 4000 },
        who: { type: 'string', title: '人员', maxLength: 500 },
      },
    });
    expect(uiSchema).toEqual({ reason: { 'ui:widget': 'textarea' } });
    expect((formSchemaOf(FIELDS, 'en').schema.properties as Record<string, { title: string }>).kind.title).toBe('Kind');
  });
});
