// Where a form dialog's update call names the record: the path parameter when the path has
// one for it, else the body (PUT /authtime/domain/{id}/user, whose {id} is the enterprise).
import { describe, expect, it } from 'vitest';
import { updateArgs } from '../../../src/console/runtime/dialog/update-args.ts';

describe('updateArgs', () => {
  it('puts the id in its own path parameter', () => {
    expect(updateArgs('/authtime/domain/{id}/calendar/{calendarid}', 'calendarid', 'c1', { id: 'd1' })).toEqual({
      params: { id: 'd1', calendarid: 'c1' },
      idInBody: false,
    });
    expect(updateArgs('/authtime/domain/fieldextend/{id}', 'id', 'f1')).toEqual({
      params: { id: 'f1' },
      idInBody: false,
    });
  });

  it('sends the id in the body when the opener owns the path parameter of that name', () => {
    expect(updateArgs('/authtime/domain/{id}/user', 'id', 'u1', { id: 'd1' })).toEqual({
      params: { id: 'd1' },
      idInBody: true,
    });
    expect(updateArgs('/authtime/application/{id}/role', 'id', 'r1', { id: 'a1' })).toEqual({
      params: { id: 'a1' },
      idInBody: true,
    });
  });

  it('sends the id in the body when the path has no parameter for it', () => {
    expect(updateArgs('/authtime/config', 'id', 'x')).toEqual({ params: {}, idInBody: true });
  });
});
