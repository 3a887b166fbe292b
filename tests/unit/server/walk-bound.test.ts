// The walk's bound (0086-gateway-cycles.md): a stored definition whose gateways loop without an approval
// is refused with a clear conflict after MAX_WALK_STEPS flows, never a stack overflow (an HTTP 500).
import { describe, expect, it } from 'vitest';
import type { ProcessDefinition, ProcessNode } from '../../../src/core/workflow/process-definition.ts';
import type { Db } from '../../../src/server/db/schema.ts';
import { AppError } from '../../../src/server/http/app-error.ts';
import { MAX_WALK_STEPS, Walk } from '../../../src/server/workflow/walk.ts';

const node = (id: string, kind: ProcessNode['kind'], incoming: string[], outgoing: string[]): ProcessNode => ({
  id,
  name: id.toUpperCase(),
  kind,
  incoming,
  outgoing,
});

/** start → g1 → g2 → g1 …: exclusive gateways with one flow out each, so the walk never touches the database. */
const looping: ProcessDefinition = {
  id: 'p',
  name: 'Loop',
  start: 's',
  nodes: {
    s: node('s', 'start', [], ['f1']),
    g1: node('g1', 'exclusive', ['f1', 'f3'], ['f2']),
    g2: node('g2', 'exclusive', ['f2'], ['f3']),
  },
  flows: {
    f1: { id: 'f1', name: '', source: 's', target: 'g1' },
    f2: { id: 'f2', name: '', source: 'g1', target: 'g2' },
    f3: { id: 'f3', name: '', source: 'g2', target: 'g1' },
  },
};

describe('the walk of one action', () => {
  it('stops a loop of gateways after its bound with a conflict naming where it was', async () => {
    const instance = {
      id: 'i',
      domain_id: 'd',
      application_id: 'a',
      initiator_id: 'u',
      status: 'running',
      form_data: {},
    };
    const database = new Proxy(
      {},
      {
        get: () => {
          throw new Error('the loop touched the database');
        },
      },
    ) as Db;
    const walk = new Walk(database, instance, looping, { id: 1, at: new Date() });
    const error = await walk.leave('s').then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      errorName: 'conflict',
      messageKey: 'workflow.msg.walkTooLong',
      params: { max: MAX_WALK_STEPS },
    });
    expect(['G1', 'G2']).toContain((error as AppError).params!.name);
  });
});
