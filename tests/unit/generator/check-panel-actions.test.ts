// A panel's choice and actions (docs/adr/0161-panel-choice-and-job-actions.md): `atrium check` passes
// the manage tab as written, and refuses a `dialog` naming no job screen and a `needs` naming a route
// value the panel's choice does not write.
import { describe, expect, it } from 'vitest';
import { checkPanelActions } from '../../../generator/check/panel-actions.ts';
import { loadCatalogue } from '../../../src/core/catalogue/from-disk.ts';
import type { PanelScreen } from '../../../src/core/catalogue/panel-screen.ts';

const loaded = loadCatalogue().catalogue;
const fresh = () => structuredClone(loaded);
const input = (catalogue: ReturnType<typeof fresh>) => ({ catalogue, docs: [], handlerIds: null, registry: null });

describe('panel actions', () => {
  it('passes the catalogue as written', () => {
    expect(checkPanelActions(input(fresh()))).toEqual([]);
  });

  it('refuses a dialog that is no job screen and a needed value nothing writes', () => {
    const catalogue = fresh();
    const panel = catalogue.screens['config.manage'] as unknown as PanelScreen;
    panel.actions![0] = { ...panel.actions![0], dialog: 'application-modules' };
    panel.actions![2] = { ...panel.actions![2], needs: ['software', 'domainid'] };
    const problems = checkPanelActions(input(catalogue)).map(
      (p) => `${p.pointer.replace(/^\/screens\/\d+/, '')} ${p.message}`,
    );
    expect(problems.sort()).toEqual([
      '/actions/0/dialog "application-modules" is not a job screen',
      '/actions/2/needs/1 "domainid" is not a route value the panel\'s choice writes',
    ]);
  });
});
