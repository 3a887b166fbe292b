// The intervention's node choice over a stubbed server: until flows.otherNodes has answered there is
// nothing to choose, so the choice is disabled (a click would open an empty menu); once answered it opens
// with the nodes, each named with its type.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { drawPanel, stubServer } from './intervention-panel.tsx';

const NODES = [{ id: 'check', statelabel: 'Check clauses', type: 'ManualNode' }];

let answerNodes: () => void;
beforeEach(() => {
  const answered = new Promise<void>((resolve) => (answerNodes = resolve));
  stubServer(async (url) => (url.pathname.endsWith('/othernodes') ? (await answered, NODES) : []));
});
afterEach(() => vi.unstubAllGlobals());

describe('the intervention node choice', () => {
  it('is disabled until the nodes are read, then offers them', async () => {
    drawPanel();
    const choice = screen.getByRole('combobox', { name: 'Move to node' });
    expect(choice.getAttribute('aria-disabled')).toBe('true');
    answerNodes();
    await waitFor(() => expect(choice.getAttribute('aria-disabled')).toBeNull());
    fireEvent.mouseDown(choice);
    expect((await screen.findByRole('option')).textContent).toBe('Check clauses (Approval)');
  });
});
