// Which engine's loopCounter numbering a file gets (docs/adr/0228-loop-counter-by-vendor.md): every
// corpus file's multi-instance activities count from 1 when it was drawn for Camunda 8, from 0 otherwise;
// a file naming no platform is told by the namespaces it binds.
import { describe, expect, it } from 'vitest';
import { drawnForZeebe, loopCounterOf } from '../../../../src/core/workflow/loop-counter.ts';
import { readCorpus } from './bpmn-corpus.ts';

const corpus = await readCorpus();

describe('loopCounter numbering by the engine a file was drawn for', () => {
  it('counts from 1 in every corpus file drawn for Camunda 8, from 0 in the others', () => {
    const counted = corpus.flatMap((c) =>
      Object.values(c.read.definition?.nodes ?? {})
        .filter((n) => n.multi)
        .map((n) => [c.file.startsWith('c8-'), loopCounterOf(n.multi, 0)]),
    );
    expect(counted.filter(([zeebe]) => zeebe).length).toBeGreaterThan(0);
    expect(counted.filter(([zeebe]) => !zeebe).length).toBeGreaterThan(0);
    for (const [zeebe, first] of counted) expect(first).toBe(zeebe ? 1 : 0);
  });

  it('reads the platform Camunda Modeler names first, then the namespaces bound', () => {
    const ns = (uri: string) => ({ 'xmlns:x': uri });
    const zeebe = 'http://camunda.org/schema/zeebe/1.0';
    expect(drawnForZeebe({ $attrs: { 'modeler:executionPlatform': 'Camunda Cloud', ...ns(zeebe) } })).toBe(true);
    expect(drawnForZeebe({ $attrs: { 'modeler:executionPlatform': 'Camunda Platform', ...ns(zeebe) } })).toBe(false);
    expect(drawnForZeebe({ $attrs: ns(zeebe) })).toBe(true);
    expect(drawnForZeebe({ exporter: 'Zeebe Modeler' })).toBe(true);
    expect(drawnForZeebe({ $attrs: { ...ns(zeebe), 'xmlns:camunda': 'http://camunda.org/schema/1.0/bpmn' } })).toBe(
      false,
    );
    expect(drawnForZeebe({ $attrs: ns('http://flowable.org/bpmn') })).toBe(false);
    expect(drawnForZeebe({ exporter: 'bpmn-js (https://demo.bpmn.io)' })).toBe(false);
  });
});
