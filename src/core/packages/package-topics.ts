// The install preview's answers to code the engine cannot run (docs/adr/0258-code-mapped-to-external-topics.md):
// each `file#elementId` the administrator gave a worker's topic gets Atrium's `topic` attribute in that
// file before the package is checked, so the check, the install and every later reading of the stored
// file see an external task there.
import { writeTopics } from '../workflow/topic-mapping.ts';
import type { PackageFiles } from './check-package.ts';
import type { PackageProblem } from './package-types.ts';

type Translate = (key: string, params?: Record<string, unknown>) => string;

export async function withTopics(
  input: PackageFiles,
  topics: Record<string, string | undefined>,
  t: Translate,
): Promise<{ input: PackageFiles; problems: PackageProblem[] }> {
  const byFile = new Map<string, Record<string, string>>();
  for (const [field, topic] of Object.entries(topics)) {
    if (topic === undefined) continue;
    const at = field.lastIndexOf('#');
    const file = field.slice(0, at);
    byFile.set(file, { ...byFile.get(file), [field.slice(at + 1)]: topic });
  }
  const files = new Map(input.files);
  const problems: PackageProblem[] = [];
  for (const [file, mapped] of byFile) {
    const xml = files.get(file);
    const { xml: written, unmappable } =
      xml === undefined ? { xml, unmappable: Object.keys(mapped) } : await writeTopics(xml, mapped);
    for (const element of unmappable)
      problems.push({ file, pointer: element, message: t('workflow.problem.topicUnmappable', { element, file }) });
    if (written !== undefined) files.set(file, written);
  }
  return { input: { ...input, files }, problems };
}
