// Drawings with mapped embedded sub-processes (docs/adr/0221-sub-process-variable-scopes.md), as Camunda
// Modeler 5 saves them, shared by the tests of the engine and of interventions
// (docs/adr/0231-interventions-enter-mapped-sub-processes.md).
import { camundaDrawn, drawnCorpus } from './corpus-world.ts';

/** A mapped sub-process inside each instance of a parallel multi-instance sub-process: a scope per instance. */
const REGIONS = `<bpmn:startEvent id="StartEvent_1"><bpmn:outgoing>Flow_1</bpmn:outgoing></bpmn:startEvent>
  <bpmn:subProcess id="Activity_1q8r2mx" name="Each region">
    <bpmn:incoming>Flow_1</bpmn:incoming><bpmn:outgoing>Flow_2</bpmn:outgoing>
    <bpmn:multiInstanceLoopCharacteristics camunda:collection="\${regions}" camunda:elementVariable="region" />
    <bpmn:startEvent id="Event_0a1"><bpmn:outgoing>Flow_3</bpmn:outgoing></bpmn:startEvent>
    <bpmn:subProcess id="Activity_0m6s1vd" name="Lead review">
      <bpmn:extensionElements>
        <camunda:inputOutput>
          <camunda:inputParameter name="lead">\${region}</camunda:inputParameter>
          <camunda:outputParameter name="lastLead">\${lead}</camunda:outputParameter>
        </camunda:inputOutput>
      </bpmn:extensionElements>
      <bpmn:incoming>Flow_3</bpmn:incoming><bpmn:outgoing>Flow_4</bpmn:outgoing>
      <bpmn:startEvent id="Event_0b1"><bpmn:outgoing>Flow_5</bpmn:outgoing></bpmn:startEvent>
      <bpmn:userTask id="Activity_1h5d9wq" name="Review region" camunda:assignee="\${lead}">
        <bpmn:incoming>Flow_5</bpmn:incoming><bpmn:outgoing>Flow_6</bpmn:outgoing>
      </bpmn:userTask>
      <bpmn:endEvent id="Event_0b2"><bpmn:incoming>Flow_6</bpmn:incoming></bpmn:endEvent>
      <sequenceFlow id="Flow_5" sourceRef="Event_0b1" targetRef="Activity_1h5d9wq" />
      <sequenceFlow id="Flow_6" sourceRef="Activity_1h5d9wq" targetRef="Event_0b2" />
    </bpmn:subProcess>
    <bpmn:endEvent id="Event_0a2"><bpmn:incoming>Flow_4</bpmn:incoming></bpmn:endEvent>
    <sequenceFlow id="Flow_3" sourceRef="Event_0a1" targetRef="Activity_0m6s1vd" />
    <sequenceFlow id="Flow_4" sourceRef="Activity_0m6s1vd" targetRef="Event_0a2" />
  </bpmn:subProcess>
  <bpmn:endEvent id="Event_1z4"><bpmn:incoming>Flow_2</bpmn:incoming></bpmn:endEvent>
  <sequenceFlow id="Flow_1" sourceRef="StartEvent_1" targetRef="Activity_1q8r2mx" />
  <sequenceFlow id="Flow_2" sourceRef="Activity_1q8r2mx" targetRef="Event_1z4" />`;
/** A task before and after a mapped sub-process, to take submissions back around it. */
const SIGNING = `<bpmn:startEvent id="StartEvent_1"><bpmn:outgoing>Flow_1</bpmn:outgoing></bpmn:startEvent>
  <bpmn:userTask id="Activity_0p1r3ep" name="Prepare" camunda:assignee="sp-r1">
    <bpmn:incoming>Flow_1</bpmn:incoming><bpmn:outgoing>Flow_2</bpmn:outgoing>
  </bpmn:userTask>
  <bpmn:subProcess id="Activity_1c4k7ch" name="Check">
    <bpmn:extensionElements>
      <camunda:inputOutput>
        <camunda:inputParameter name="checker">\${contract.lawyer}</camunda:inputParameter>
        <camunda:outputParameter name="checkedBy">\${checker}</camunda:outputParameter>
      </camunda:inputOutput>
    </bpmn:extensionElements>
    <bpmn:incoming>Flow_2</bpmn:incoming><bpmn:outgoing>Flow_3</bpmn:outgoing>
    <bpmn:startEvent id="Event_0c1"><bpmn:outgoing>Flow_5</bpmn:outgoing></bpmn:startEvent>
    <bpmn:userTask id="Activity_0t9e2mk" name="Check terms" camunda:assignee="\${checker}">
      <bpmn:incoming>Flow_5</bpmn:incoming><bpmn:outgoing>Flow_6</bpmn:outgoing>
    </bpmn:userTask>
    <bpmn:endEvent id="Event_0c2"><bpmn:incoming>Flow_6</bpmn:incoming></bpmn:endEvent>
    <sequenceFlow id="Flow_5" sourceRef="Event_0c1" targetRef="Activity_0t9e2mk" />
    <sequenceFlow id="Flow_6" sourceRef="Activity_0t9e2mk" targetRef="Event_0c2" />
  </bpmn:subProcess>
  <bpmn:userTask id="Activity_1s2g8nx" name="Sign" camunda:assignee="sp-r2">
    <bpmn:incoming>Flow_3</bpmn:incoming><bpmn:outgoing>Flow_4</bpmn:outgoing>
  </bpmn:userTask>
  <bpmn:endEvent id="Event_1e9"><bpmn:incoming>Flow_4</bpmn:incoming></bpmn:endEvent>
  <sequenceFlow id="Flow_1" sourceRef="StartEvent_1" targetRef="Activity_0p1r3ep" />
  <sequenceFlow id="Flow_2" sourceRef="Activity_0p1r3ep" targetRef="Activity_1c4k7ch" />
  <sequenceFlow id="Flow_3" sourceRef="Activity_1c4k7ch" targetRef="Activity_1s2g8nx" />
  <sequenceFlow id="Flow_4" sourceRef="Activity_1s2g8nx" targetRef="Event_1e9" />`;

/** A mapped sub-process around a parallel multi-instance one: "Audit" names its `auditor`, each region
 *  is checked by its own lead in "Check region", then the auditor signs; `auditedBy` goes out. */
const AUDIT = `<bpmn:startEvent id="StartEvent_1"><bpmn:outgoing>Flow_1</bpmn:outgoing></bpmn:startEvent>
  <bpmn:subProcess id="Activity_0a7d1tm" name="Audit">
    <bpmn:extensionElements>
      <camunda:inputOutput>
        <camunda:inputParameter name="auditor">\${audit.lead}</camunda:inputParameter>
        <camunda:outputParameter name="auditedBy">\${auditor}</camunda:outputParameter>
      </camunda:inputOutput>
    </bpmn:extensionElements>
    <bpmn:incoming>Flow_1</bpmn:incoming><bpmn:outgoing>Flow_2</bpmn:outgoing>
    <bpmn:startEvent id="Event_0d1"><bpmn:outgoing>Flow_3</bpmn:outgoing></bpmn:startEvent>
    <bpmn:subProcess id="Activity_1e4r8gn" name="Each region">
      <bpmn:incoming>Flow_3</bpmn:incoming><bpmn:outgoing>Flow_4</bpmn:outgoing>
      <bpmn:multiInstanceLoopCharacteristics camunda:collection="\${regions}" camunda:elementVariable="region" />
      <bpmn:startEvent id="Event_0e1"><bpmn:outgoing>Flow_5</bpmn:outgoing></bpmn:startEvent>
      <bpmn:userTask id="Activity_0c2k5rg" name="Check region" camunda:assignee="\${region}">
        <bpmn:incoming>Flow_5</bpmn:incoming><bpmn:outgoing>Flow_6</bpmn:outgoing>
      </bpmn:userTask>
      <bpmn:endEvent id="Event_0e2"><bpmn:incoming>Flow_6</bpmn:incoming></bpmn:endEvent>
      <sequenceFlow id="Flow_5" sourceRef="Event_0e1" targetRef="Activity_0c2k5rg" />
      <sequenceFlow id="Flow_6" sourceRef="Activity_0c2k5rg" targetRef="Event_0e2" />
    </bpmn:subProcess>
    <bpmn:userTask id="Activity_1s7n3au" name="Sign audit" camunda:assignee="\${auditor}">
      <bpmn:incoming>Flow_4</bpmn:incoming><bpmn:outgoing>Flow_7</bpmn:outgoing>
    </bpmn:userTask>
    <bpmn:endEvent id="Event_0d2"><bpmn:incoming>Flow_7</bpmn:incoming></bpmn:endEvent>
    <sequenceFlow id="Flow_3" sourceRef="Event_0d1" targetRef="Activity_1e4r8gn" />
    <sequenceFlow id="Flow_4" sourceRef="Activity_1e4r8gn" targetRef="Activity_1s7n3au" />
    <sequenceFlow id="Flow_7" sourceRef="Activity_1s7n3au" targetRef="Event_0d2" />
  </bpmn:subProcess>
  <bpmn:endEvent id="Event_1z5"><bpmn:incoming>Flow_2</bpmn:incoming></bpmn:endEvent>
  <sequenceFlow id="Flow_1" sourceRef="StartEvent_1" targetRef="Activity_0a7d1tm" />
  <sequenceFlow id="Flow_2" sourceRef="Activity_0a7d1tm" targetRef="Event_1z5" />`;

export const [regions, signing, audit] = await drawnCorpus(
  { regionLeads: REGIONS, contractSigning: SIGNING, regionAudit: AUDIT },
  camundaDrawn,
);
