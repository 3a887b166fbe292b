// The first bytes each accepted file type starts with: a file whose content is not what its name
// says (an HTML page renamed to .png) is refused, whatever the browser claimed its type was.
import { open } from 'node:fs/promises';

const SIGNATURES: Record<string, readonly number[][]> = {
  jpg: [[0xff, 0xd8, 0xff]],
  png: [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  gif: [[0x47, 0x49, 0x46, 0x38]],
  // xlsx is a zip archive, xls an OLE compound document.
  xlsx: [[0x50, 0x4b, 0x03, 0x04]],
  xls: [[0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]],
  zip: [[0x50, 0x4b, 0x03, 0x04]],
};
SIGNATURES.jpeg = SIGNATURES.jpg;

// A JSON document of ours (a configuration export) is an object: "{" after optional BOM and blanks.
const JSON_OBJECT_START = /^(\uFEFF)?\s*\{/;
// An iCalendar file starts with its calendar object.
const ICS_START = /^(\uFEFF)?\s*BEGIN:VCALENDAR/i;
// A BPMN file is XML: a declaration or its root element first.
const XML_START = /^(\uFEFF)?\s*</;
const TEXT_STARTS: Record<string, RegExp> = { json: JSON_OBJECT_START, ics: ICS_START, bpmn: XML_START };

export async function startsLike(file: string, extension: string): Promise<boolean> {
  const expected = SIGNATURES[extension];
  const text = TEXT_STARTS[extension];
  if (!expected && !text) return false;
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(text ? 64 : 8);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    if (text) return text.test(head.subarray(0, bytesRead).toString('utf8'));
    return expected.some((sig) => bytesRead >= sig.length && sig.every((byte, i) => head[i] === byte));
  } finally {
    await handle.close();
  }
}
