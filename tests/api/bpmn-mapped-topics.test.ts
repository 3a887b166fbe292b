// Java delegates and scripts mapped to a worker's topic in the install preview
// (docs/adr/0258-code-mapped-to-external-topics.md), on both databases. Flowable's holiday request, whose
// two service tasks call Java classes, is uploaded as a bare .bpmn for the Office application: the preview
// refuses each class naming it, with a topic as the way out; given topics, the preview lists what they
// replace and nothing is written; committed, the stored file carries them, and a worker fetching each
// topic does the step while the process runs to either end.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from './helpers/api-client.ts';
import { databaseTargets } from './helpers/databases.ts';
import { officeProcess } from './helpers/office-process.ts';
import type { Runtime } from './helpers/runtime-calls.ts';
import { ADMIN, startTestServer, type TestServer } from './helpers/test-server.ts';
import { uploaded } from './helpers/upload-calls.ts';
import { applicationOf } from './helpers/demo-applications.ts';

const targets = await databaseTargets();
const xml = readFileSync(join(import.meta.dirname, '../fixtures/bpmn/flowable-holiday-request.bpmn'), 'utf8');
const FLOW = 'holidayRequest';
const FILE = `processes/${FLOW}.bpmn`;
const TOPICS = { [`${FILE}#externalSystemCall`]: 'holidays/book', [`${FILE}#sendRejectionMail`]: 'holidays.reject' };

type Refusal = { errors: Array<{ field: string; message: string; fix?: string }> };
type Plan = { changes: Array<{ id: string; change: string }>; warnings: Array<{ field: string; message: string }> };

describe.each(targets)('code mapped to a worker topic at install, on $name', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let officeId: string;
  const storedFlow = () =>
    server.db
      .selectFrom('app_processes')
      .select('bpmn')
      .where('application_id', '=', officeId)
      .where('id', '=', FLOW)
      .executeTakeFirst();
  const preview = async (topics?: Record<string, string>, client = admin) => {
    const path = await uploaded(admin, { path: 'process' }, 'holiday.bpmn', xml);
    return client.call<Plan>('POST', '/authtime/applications/process', {
      query: { mode: 'preview', applicationId: officeId },
      body: { path, ...(topics ? { topics } : {}) },
    });
  };

  beforeAll(async () => {
    server = await startTestServer(target);
    admin = await server.signedIn(ADMIN.username, ADMIN.password, 'en');
    officeId = await applicationOf(server.db);
  }, 300_000);
  afterAll(() => server?.close());

  it('refuses each Java class naming its element, with a topic as the way out; nothing is written', async () => {
    const refused = await preview();
    expect(refused.reply.errcode).not.toBe(0);
    const { errors } = refused.reply.data as unknown as Refusal;
    expect(errors.map((e) => [e.field, e.fix])).toEqual([
      [`${FILE}#externalSystemCall`, 'topic'],
      [`${FILE}#sendRejectionMail`, 'topic'],
    ]);
    expect(errors[0].message).toContain('"Enter holidays in external system (externalSystemCall)"');
    expect(errors[0].message).toContain("give it a worker's topic");
    expect(await storedFlow()).toBeUndefined();
  });

  it('refuses a topic for a user task, or a malformed one, in the reader language', async () => {
    const onUserTask = await preview({ ...TOPICS, [`${FILE}#approveTask`]: 'approvals' });
    const { errors } = onUserTask.reply.data as unknown as Refusal;
    expect(errors).toEqual([
      {
        field: `${FILE}#approveTask`,
        message: expect.stringContaining('approveTask names no service, send, script or business-rule task'),
      },
    ]);
    const zh = await server.signedIn(ADMIN.username, ADMIN.password, 'zh');
    const malformed = await preview({ [`${FILE}#externalSystemCall`]: 'book holidays' }, zh);
    expect((malformed.reply.data as unknown as Refusal).errors).toEqual([
      {
        field: `/topics/${FILE.replaceAll('/', '~1')}#externalSystemCall`,
        message: '主题为 1 到 100 个字母、数字及 . _ : / -，须以字母或数字开头。',
      },
    ]);
    expect(await storedFlow()).toBeUndefined();
  });

  it('previews the mapped steps as warnings naming the class each topic replaces, writing nothing', async () => {
    const mapped = await preview(TOPICS);
    expect(mapped.reply.errcode, mapped.reply.errmsg).toBe(0);
    expect(mapped.reply.data!.changes).toContainEqual({
      part: 'process',
      id: FLOW,
      name: expect.any(String),
      change: 'added',
    });
    const warned = mapped.reply.data!.warnings.filter((w) => w.message.includes('runs as an external task'));
    expect(warned).toEqual([
      {
        field: `${FILE}#externalSystemCall`,
        message: expect.stringContaining(
          'topic "holidays/book": a worker fetching it does what flowable:class org.flowable.CallExternalSystemDelegate',
        ),
      },
      { field: `${FILE}#sendRejectionMail`, message: expect.stringContaining('"holidays.reject"') },
    ]);
    expect(await storedFlow()).toBeUndefined();
  });

  describe('installed with its topics', () => {
    let runtime: Runtime;
    /** A worker fetches `topic` and completes the instance's task; answers the instance's status. */
    const work = async (topic: string, instanceId: string) => {
      const fetched = await runtime.call<Array<{ id: string; instanceId: string; topicName: string }>>(
        'external-task/fetch-and-lock',
        {
          userCode: 'fr-init',
          body: { workerId: 'w1', maxTasks: 10, topics: [{ topicName: topic, lockDuration: 30_000 }] },
        },
      );
      expect(fetched.reply.errcode, fetched.reply.errmsg).toBe(0);
      const task = fetched.reply.data!.find((t) => t.instanceId === instanceId)!;
      expect(task.topicName).toBe(topic);
      const done = await runtime.call<{ status: string }>('external-task/complete', {
        userCode: 'fr-init',
        body: { id: task.id, workerId: 'w1' },
      });
      expect(done.reply.errcode, done.reply.errmsg).toBe(0);
      return done.reply.data!.status;
    };

    beforeAll(async () => {
      ({ runtime } = await officeProcess(server, { file: 'holiday.bpmn', xml, flow: FLOW, topics: TOPICS }, (w) => [
        ['managers', w.users.lead],
      ]));
    }, 300_000);

    it('stores the file with the topics, its diagram kept', async () => {
      const stored = (await storedFlow())!.bpmn;
      expect(stored).toMatch(/id="externalSystemCall"[^>]*:topic="holidays\/book"/);
      expect(stored).toMatch(/id="sendRejectionMail"[^>]*:topic="holidays.reject"/);
      expect(stored.match(/BPMNShape /g)?.length).toBe(xml.match(/BPMNShape /g)?.length);
    });

    it('runs an approved request through the booking worker to the employee, and a rejected one through the mail worker', async () => {
      const approved = await runtime.start(FLOW, 'fr-init', { formData: { employee: 'fr-clerk' } });
      expect(await runtime.submit(FLOW, approved, 'fr-lead', { formData: { approved: true } })).toBe('running');
      expect(await work('holidays/book', approved)).toBe('running');
      expect(await runtime.submit(FLOW, approved, 'fr-clerk')).toBe('completed');
      expect((await runtime.diagram(FLOW, approved, 'fr-init')).done).toContain('approveEnd');

      const rejected = await runtime.start(FLOW, 'fr-init', { formData: { employee: 'fr-clerk' } });
      expect(await runtime.submit(FLOW, rejected, 'fr-lead', { formData: { approved: false } })).toBe('running');
      expect(await work('holidays.reject', rejected)).toBe('completed');
      const diagram = await runtime.diagram(FLOW, rejected, 'fr-init');
      expect(diagram.done).toEqual(expect.arrayContaining(['sendRejectionMail', 'rejectEnd']));
    }, 120_000);
  });
});
