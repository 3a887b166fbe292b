// The application package check (docs/adr/0038-applications-from-packages.md): the project's demo packages pass; each kind of broken package is
// refused with a problem naming the file, the place and what is wrong, in the reader's language.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkPackage, type PackageFiles } from '../../../src/core/packages/check-package.ts';
import {
  packageMetaSchema,
  PACKAGES_DIR,
  projectPackages,
  readPackageFolder,
} from '../../../src/core/packages/read-package.ts';
import { translatorFor } from '../../../src/core/translate.ts';
import { loadCatalogue } from '../../../src/core/catalogue/from-disk.ts';
import { packageFiles, type ManifestDraft } from '../../support/package-zip.ts';

const labels = loadCatalogue().catalogue.labels;
const en = translatorFor(labels.en);
/** The office package with its manifest (and files) changed. */
const broken = (edit: (m: ManifestDraft) => void, files?: (f: Map<string, string>) => void): PackageFiles =>
  packageFiles('office', { edit, files });
const problemsOf = async (input: PackageFiles, t = en) => (await checkPackage(input, packageMetaSchema(), t)).problems;

describe('application packages', () => {
  it('accepts every package of the project with its processes', async () => {
    expect(projectPackages()).toEqual(['finance', 'office', 'purchasing']);
    for (const name of projectPackages()) {
      const { pkg, problems } = await checkPackage(
        readPackageFolder(join(PACKAGES_DIR, name)),
        packageMetaSchema(),
        en,
      );
      expect(problems).toEqual([]);
      expect(pkg!.processFiles.size).toBe(pkg!.manifest.processes!.length);
    }
  });

  it('refuses a manifest out of shape, pointing at the place', async () => {
    expect(await problemsOf(broken((m) => (m.version = 'one')))).toEqual([
      {
        file: 'app.yaml',
        pointer: '/version',
        message: expect.stringMatching(/^Not in the package format: must match pattern/),
      },
    ]);
    expect((await problemsOf(broken((m) => delete m.modules[0].name.cn)))[0]).toMatchObject({
      pointer: '/modules/0/name',
    });
    expect(await problemsOf({ manifest: 'id: [', files: new Map() })).toEqual([
      { file: 'app.yaml', pointer: '', message: expect.stringMatching(/^app.yaml is not valid YAML/) },
    ]);
  });

  it('refuses references to parts the package does not have', async () => {
    const problems = await problemsOf(
      broken((m) => {
        m.menus.pc[0].children[0].module = 'payroll';
        m.roles[0].pc.push('nowhere');
        m.roles[1].resources.push('leave-delete');
        m.forms[1].module = 'travel';
        m.processes[0].form = 'sick-note';
        m.modules[1].id = 'leave';
      }),
    );
    expect(problems.map((p) => `${p.pointer} ${p.message}`)).toEqual([
      '/modules/1/id The module id "leave" is used twice.',
      '/menus/pc/0/children/0/module No module of the package has the id "payroll".',
      // the second module renamed: what named it by its old id now points nowhere
      '/menus/pc/0/children/1/module No module of the package has the id "trip".',
      '/menus/mobile/1/module No module of the package has the id "trip".',
      '/roles/0/pc/3 No pc menu of the package has the id "nowhere".',
      '/roles/1/resources/3 No resource of the package has the id "leave-delete".',
      '/forms/1/module No module of the package has the id "travel".',
      '/processes/0/form No form of the package has the id "sick-note".',
    ]);
  });

  it('refuses a resource named like a module (they share one permission tree)', async () => {
    expect(
      (await problemsOf(broken((m) => (m.modules[0].resources[0].id = 'trip')))).map(
        (p) => `${p.pointer} ${p.message}`,
      ),
    ).toEqual([
      '/modules/0/resources/0/id The resource id "trip" is also a module\'s id; modules and resources need ids of their own.',
      '/roles/1/resources/0 No resource of the package has the id "leave-export".', // the renamed resource's grant
    ]);
  });

  it('refuses a process whose file is missing, not BPMN, without the process, or without an end', async () => {
    expect(
      await problemsOf(
        broken(
          () => undefined,
          (f) => f.delete('processes/trip-approval.bpmn'),
        ),
      ),
    ).toEqual([
      {
        file: 'app.yaml',
        pointer: '/processes/1/file',
        message: 'The package has no file processes/trip-approval.bpmn.',
      },
    ]);
    const notXml = await problemsOf(
      broken(
        () => undefined,
        (f) => f.set('processes/trip-approval.bpmn', 'not xml at all'),
      ),
    );
    expect(notXml[0]).toMatchObject({ file: 'processes/trip-approval.bpmn' });
    expect(await problemsOf(broken((m) => (m.processes[1].id = 'trip-review')))).toEqual([
      {
        file: 'app.yaml',
        pointer: '/processes/1/id',
        message: 'processes/trip-approval.bpmn holds no process with the id "trip-review".',
      },
    ]);
    const endless = (f: Map<string, string>) =>
      f.set(
        'processes/trip-approval.bpmn',
        f.get('processes/trip-approval.bpmn')!.replace('<endEvent id="end" name="Approved" />', ''),
      );
    const problems = await problemsOf(broken(() => undefined, endless));
    expect(problems.map((p) => p.message)).toContain('The process has no end event.');
    // An approval naming a role the package does not have.
    const stranger = (f: Map<string, string>) =>
      f.set(
        'processes/trip-approval.bpmn',
        f
          .get('processes/trip-approval.bpmn')!
          .replace('atrium:approvers="superior"', 'atrium:approvers="role:director"'),
      );
    expect((await problemsOf(broken(() => undefined, stranger))).map((p) => p.message)).toEqual([
      'The approvers of "Manager approval (manager)" name the role "director", which the package does not have.',
    ]);
  });

  it('installs the ids modelers write and reports every problem of a file at its element, by name and id', async () => {
    const drawn = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="Definitions_1" targetNamespace="http://bpmn.io/schema/bpmn" exporter="Camunda Modeler" exporterVersion="5.31.0">
  <bpmn:process id="Process_1" isExecutable="true" camunda:historyTimeToLive="180">
    <bpmn:startEvent id="StartEvent_1" />
    <bpmn:sequenceFlow id="Flow_1" sourceRef="StartEvent_1" targetRef="Activity_0x3k2" />
    <bpmn:userTask id="Activity_0x3k2" name="Review" camunda:formKey="embedded:app:forms/review.html" camunda:candidateGroups="manager" />
    <bpmn:sequenceFlow id="Flow_2" sourceRef="Activity_0x3k2" targetRef="Activity_1b2" />
    <bpmn:serviceTask id="Activity_1b2" name="Archive" camunda:class="org.example.Archive" />
    <bpmn:sequenceFlow id="Flow_3" sourceRef="Activity_1b2" targetRef="Gateway_1" />
    <bpmn:exclusiveGateway id="Gateway_1" name="Approved?" />
    <bpmn:sequenceFlow id="Flow_4" sourceRef="Gateway_1" targetRef="Event_1"><bpmn:conditionExpression>\${approved.equals(true)}</bpmn:conditionExpression></bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="Flow_5" sourceRef="Gateway_1" targetRef="Event_1"><bpmn:conditionExpression>\${!approved}</bpmn:conditionExpression></bpmn:sequenceFlow>
    <bpmn:endEvent id="Event_1" />
  </bpmn:process>
</bpmn:definitions>`;
    const withFile = (xml: string) =>
      broken(
        (m) => {
          m.processes[1].id = 'Process_1';
          delete m.processes[1].nodes;
        },
        (f) => f.set('processes/trip-approval.bpmn', xml),
      );
    const problems = await problemsOf(withFile(drawn));
    expect(problems.map((p) => `${p.file}#${p.pointer}`)).toEqual([
      'processes/trip-approval.bpmn#Activity_1b2',
      'processes/trip-approval.bpmn#Flow_4',
    ]);
    expect(problems[0].message).toContain('"Archive (Activity_1b2)" calls code (camunda:class org.example.Archive)');
    // Without the two problems, it installs; the form key is a warning the preview lists.
    const fixed = drawn
      .replace(' camunda:class="org.example.Archive"', '')
      .replace('approved.equals(true)', 'approved');
    const checked = await checkPackage(withFile(fixed), packageMetaSchema(), en);
    expect(checked.problems).toEqual([]);
    expect(checked.cautions.map((c) => [c.pointer, c.message])).toEqual([
      [
        'Activity_0x3k2',
        'The UserTask "Review (Activity_0x3k2)" names a form (camunda:formKey embedded:app:forms/review.html): the engine shows the process\'s form from the package instead.',
      ],
    ]);
    // A call activity calls a process of the same package, or is refused naming itself (docs/adr/0139-call-activities-and-conditional-events.md).
    const calling = (called: string) =>
      fixed.replace(
        '<bpmn:serviceTask id="Activity_1b2" name="Archive" />',
        `<bpmn:callActivity id="Activity_1b2" name="Archive" calledElement="${called}" />`,
      );
    const unknown = await problemsOf(withFile(calling('archiving')));
    expect(unknown.map((p) => [`${p.file}#${p.pointer}`, p.message])).toEqual([
      [
        'processes/trip-approval.bpmn#Activity_1b2',
        'The call activity "Archive (Activity_1b2)" calls the process "archiving", which is not a process of this application.',
      ],
    ]);
    expect(await problemsOf(withFile(calling('leave-approval')))).toEqual([]);
  });

  it('checks the node names a process gives: nodes of its BPMN process, in the three languages', async () => {
    const named = readPackageFolder(join(PACKAGES_DIR, 'office'));
    const { pkg } = await checkPackage(named, packageMetaSchema(), en);
    expect(pkg!.manifest.processes![0].nodes!.manager).toEqual({
      en: 'Manager approval',
      zh: '经理审批',
      cn: '經理審批',
    });
    expect(
      await problemsOf(
        broken((m) => (m.processes[1].nodes = { director: { en: 'Director', zh: '总监', cn: '總監' } })),
      ),
    ).toEqual([
      {
        file: 'app.yaml',
        pointer: '/processes/1/nodes/director',
        message: 'processes/trip-approval.bpmn has no node with the id "director" to name.',
      },
    ]);
    const oneLanguage = await problemsOf(broken((m) => (m.processes[1].nodes = { manager: { en: 'Manager' } })));
    // zh and cn missing: one problem each, at the node's name.
    expect(oneLanguage.map((p) => p.pointer)).toEqual(['/processes/1/nodes/manager', '/processes/1/nodes/manager']);
  });

  it('speaks the reader language', async () => {
    const zh = translatorFor(labels.zh);
    expect(
      (
        await problemsOf(
          broken((m) => (m.forms[1].module = 'travel')),
          zh,
        )
      )[0].message,
    ).toBe('应用包中没有标识为“travel”的模块。');
  });
});
