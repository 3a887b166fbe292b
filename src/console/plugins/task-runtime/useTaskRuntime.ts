// The task runtime's controller (docs/adr/0132-task-runtime-and-bare-bpmn.md): what the page shows lives in the URL (`view`: todo,
// started or start; `start`: the process being started, `app/flow`; `instance` with its `app` and `flow`:
// the instance open), the reads go through the data layer with the debug sign-in's runtime credential,
// and each action (start, approve, send back, retract) reads the lists and the instance again.
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Calls } from '../../../core/generated/api-types.ts';
import { call } from '../../api/client.ts';
import { readAgain, useCall } from '../../api/queries.ts';
import type { RuntimeCredential } from '../../api/runtime-sign-in.ts';

export type View = 'todo' | 'started' | 'start';
export const VIEWS: readonly View[] = ['todo', 'started', 'start'];
export type Startable = Calls['runtime.processes']['reply'][number];
export type InstanceView = Calls['runtime.instance']['reply'];
export interface OpenInstance {
  instanceId: string;
  applicationId: string;
  flowId: string;
}

export function useTaskRuntime(credential: RuntimeCredential) {
  const [params, setParams] = useSearchParams();
  const who = { accessToken: credential.accessToken, userCode: credential.userCode };
  const view: View = VIEWS.find((v) => v === params.get('view')) ?? 'todo';
  const open: OpenInstance | null =
    params.get('instance') && params.get('app') && params.get('flow')
      ? { instanceId: params.get('instance')!, applicationId: params.get('app')!, flowId: params.get('flow')! }
      : null;
  const startKey = params.get('start') ?? '';

  const processes = useCall('runtime.processes', { query: who }).data ?? [];
  const lists = useCall('runtime.tasks', { query: who }).data;
  const instance = useCall(
    'runtime.instance',
    { query: { ...who, ...(open ?? { instanceId: '', applicationId: '', flowId: '' }) } },
    { enabled: open !== null, fresh: true },
  ).data;

  const go = useCallback(
    (next: Record<string, string | undefined>) =>
      setParams((now) => {
        const merged = new URLSearchParams(now);
        for (const [key, value] of Object.entries(next))
          if (value) merged.set(key, value);
          else merged.delete(key);
        return merged;
      }),
    [setParams],
  );
  const starting = processes.find((p) => `${p.applicationId}/${p.flowId}` === startKey) ?? null;

  const afterAction = async () => {
    await readAgain('runtime.');
  };
  const start = async (process: Startable, title: string, formData: Record<string, unknown>) => {
    const result = await call('runtime.start', {
      query: { ...who, applicationId: process.applicationId, flowId: process.flowId },
      body: { title, formData },
    });
    await afterAction();
    go({
      view: 'started',
      start: undefined,
      instance: result.instanceId,
      app: process.applicationId,
      flow: process.flowId,
    });
    return result;
  };
  const onOpen = (kind: 'submit' | 'back' | 'retract', comment: string, formData?: Record<string, unknown>) => {
    const query = { ...who, ...open! };
    const done =
      kind === 'submit'
        ? call('runtime.submit', { query, body: { comment, formData } })
        : kind === 'back'
          ? call('runtime.back', { query, body: { comment } })
          : call('runtime.retract', { query });
    return done.then(async (result) => (await afterAction(), result));
  };

  return {
    view,
    setView: (v: View) => go({ view: v }),
    processes,
    starting,
    chooseStart: (p: Startable | null) =>
      go({ view: 'start', start: p ? `${p.applicationId}/${p.flowId}` : undefined }),
    lists,
    open,
    instance: open ? (instance ?? null) : null,
    openInstance: (i: OpenInstance) => go({ instance: i.instanceId, app: i.applicationId, flow: i.flowId }),
    closeInstance: () => go({ instance: undefined, app: undefined, flow: undefined }),
    start,
    approve: (comment: string, formData: Record<string, unknown>) => onOpen('submit', comment, formData),
    sendBack: (comment: string) => onOpen('back', comment),
    retract: () => onOpen('retract', ''),
  };
}

export type TaskRuntime = ReturnType<typeof useTaskRuntime>;
