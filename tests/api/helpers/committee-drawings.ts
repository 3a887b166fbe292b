// The corpus file c8-committee-decisions redrawn so that its instance still runs after the vote
// (tests/api/bpmn-multi-instance-outputs-kept.test.ts, tests/api/bpmn-multi-instance-countersign-whole.test.ts):
// a retraction of the completing vote needs a running instance to take it back in.
import type { CorpusFile } from '../../unit/core/workflow/bpmn-corpus.ts';
import { redrawn } from './corpus-run.ts';

/** The filing task after an approving vote. */
export const FILING = 'Activity_0f1l1ng';

/** The vote, and after it, when none rejects, the legal group files the decision. */
export const committeeFiled = (drawn: CorpusFile) =>
  redrawn(drawn, { file: 'c8-committee-filed.bpmn', processId: 'Process_0f1l3d0', name: 'Committee filed' }, [
    [
      '<bpmn:endEvent id="Event_0m5y2gj" name="Request approved">\n      <bpmn:incoming>Flow_0k9s1fd</bpmn:incoming>\n    </bpmn:endEvent>',
      `<bpmn:userTask id="${FILING}" name="File the decision">
      <bpmn:extensionElements><zeebe:assignmentDefinition candidateGroups="legal" /></bpmn:extensionElements>
      <bpmn:incoming>Flow_0k9s1fd</bpmn:incoming><bpmn:outgoing>Flow_0f1l3d1</bpmn:outgoing>
    </bpmn:userTask>
    <bpmn:sequenceFlow id="Flow_0f1l3d1" sourceRef="${FILING}" targetRef="Event_0m5y2gj" />
    <bpmn:endEvent id="Event_0m5y2gj" name="Request approved"><bpmn:incoming>Flow_0f1l3d1</bpmn:incoming></bpmn:endEvent>`,
    ],
    ['sourceRef="Gateway_0p2m7zs" targetRef="Event_0m5y2gj"', `sourceRef="Gateway_0p2m7zs" targetRef="${FILING}"`],
  ]);
