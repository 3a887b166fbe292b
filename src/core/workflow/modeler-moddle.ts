// The reader and writer a modeler uses for a drawing (docs/adr/0261-bpmn-corpus-read-and-saved-by-the-modelers-writer.md):
// bpmn-moddle with the extension descriptor of the vendor namespace the drawing declares, Camunda 7's or
// Camunda 8's, as Camunda Modeler and bpmn-js read and save. A file Atrium writes back through it is what
// the modeler would save: it differs from the upload only where Atrium changed it.
import { createRequire } from 'node:module';
import { BpmnModdle } from 'bpmn-moddle';

const require = createRequire(import.meta.url);

/** Each vendor's namespace and descriptor, by the prefix its descriptor gives. */
const VENDORS = {
  camunda: { uri: 'http://camunda.org/schema/1.0/bpmn', descriptor: 'camunda-bpmn-moddle/resources/camunda.json' },
  zeebe: { uri: 'http://camunda.org/schema/zeebe/1.0', descriptor: 'zeebe-bpmn-moddle/resources/zeebe.json' },
} as const;

export type ModelerVendor = keyof typeof VENDORS | 'bpmn';

/** The vendor whose descriptor reads `xml`: the one it declares; BPMN's alone when it declares neither,
 *  or both (the two descriptors define the same properties and cannot be loaded together). */
export function modelerVendor(xml: string): ModelerVendor {
  const declared = (Object.keys(VENDORS) as Array<keyof typeof VENDORS>).filter((v) =>
    xml.includes(`"${VENDORS[v].uri}"`),
  );
  return declared.length === 1 ? declared[0] : 'bpmn';
}

/** A reader and writer for `xml` as its modeler reads and saves it. */
export function modelerModdle(xml: string): { moddle: BpmnModdle; vendor: ModelerVendor } {
  const vendor = modelerVendor(xml);
  const packages = vendor === 'bpmn' ? {} : { [vendor]: require(VENDORS[vendor].descriptor) as unknown };
  return { moddle: new BpmnModdle(packages), vendor };
}
