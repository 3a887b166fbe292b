// bpmn-js draws an instance's process (docs/adr/0050-instance-process-diagram.md), loaded with the detail dialog's chunk only, never in the
// console's first load. The nodes the instance waits at and has passed get marker classes that
// process-viewer.css colours. That stylesheet (bpmn-js's inside) is a file this module links itself
// when it first draws: imported the usual way, its name would join the entry script's list of what
// the dialog needs.
import NavigatedViewer from 'bpmn-js/lib/NavigatedViewer';
import type Canvas from 'diagram-js/lib/core/Canvas';
import type ElementRegistry from 'diagram-js/lib/core/ElementRegistry';
import stylesheet from './process-viewer.css?url';

export interface ProcessToDraw {
  bpmn: string;
  active: string[];
  done: string[];
  /** Sub-processes an interrupting event cancelled before they completed (docs/adr/0185-nested-countersigns-and-interrupted-sub-processes.md). */
  interrupted?: string[];
  /** Node id → its name in the page's language, drawn instead of the file's name. */
  names?: Record<string, string | undefined>;
}

/** The file with the given nodes renamed: bpmn-js draws a node's (and its external label's) `name`. */
function renamed(bpmn: string, names: Record<string, string | undefined> = {}): string {
  if (Object.keys(names).length === 0) return bpmn;
  const doc = new DOMParser().parseFromString(bpmn, 'application/xml');
  if (doc.querySelector('parsererror')) return bpmn; // bpmn-js reports the broken file itself
  for (const element of Array.from(doc.getElementsByTagName('*'))) {
    const name = names[element.getAttribute('id') ?? ''];
    if (name !== undefined) element.setAttribute('name', name);
  }
  return new XMLSerializer().serializeToString(doc);
}

export interface DrawnProcess {
  /** Multiplies the zoom by `factor`, around the middle of the view. */
  zoom(factor: number): void;
  /** The whole process in view, never enlarged beyond its size. */
  fit(): void;
  destroy(): void;
}

export const MARKERS = {
  active: 'flow-node-active',
  done: 'flow-node-done',
  interrupted: 'flow-node-interrupted',
} as const;

let styled: Promise<void> | undefined;

/** Links the stylesheet once, answering when it has loaded (the fit measures the drawn text). */
function linkStylesheet(): Promise<void> {
  styled ??= new Promise<void>((resolve, reject) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = stylesheet;
    link.onload = () => resolve();
    link.onerror = () => {
      styled = undefined;
      link.remove();
      reject(new Error(`the stylesheet ${stylesheet} did not load`));
    };
    document.head.append(link);
  });
  return styled;
}

export async function drawProcess(container: HTMLElement, process: ProcessToDraw): Promise<DrawnProcess> {
  await linkStylesheet();
  // The wheel scrolls the dialog, not the drawing: zooming is the buttons' job, dragging moves it.
  const viewer = new NavigatedViewer({ container, zoomScroll: { enabled: false } });
  try {
    await viewer.importXML(renamed(process.bpmn, process.names));
  } catch (error) {
    viewer.destroy();
    throw error;
  }
  const canvas = viewer.get<Canvas>('canvas');
  const registry = viewer.get<ElementRegistry>('elementRegistry');
  for (const [state, marker] of Object.entries(MARKERS) as Array<[keyof typeof MARKERS, string]>) {
    for (const id of process[state] ?? []) if (registry.get(id)) canvas.addMarker(id, marker);
  }
  // Any centre asks fit-viewport to centre the drawing; a plain zoom keeps the view's middle in place.
  const fit = () => canvas.zoom('fit-viewport', { x: 0, y: 0 });
  fit();
  return {
    zoom: (factor) => canvas.zoom(canvas.zoom() * factor),
    fit,
    destroy: () => viewer.destroy(),
  };
}
