// The `multiselect` form widget alone: chips of the chosen values, picking more from the list, a stored
// value the choices do not hold (yet) kept as its id (or '…' while they load), read-only without a list.
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import MultiSelectWidget from '../../../src/console/runtime/widgets/MultiSelectWidget.tsx';
import { renderWidget } from '../support/render-widget.tsx';

const CHOICES = [
  { value: 'd1', label: 'Sales' },
  { value: 'd2', label: 'Finance' },
  { value: 'd3', label: 'Research' },
];
const chips = (container: HTMLElement) =>
  [...container.querySelectorAll('.MuiChip-label')].map((chip) => chip.textContent);

describe('the multiselect widget', () => {
  it('shows the chosen values as chips and adds a picked one', () => {
    const { container, changes } = renderWidget(MultiSelectWidget, {
      label: 'Departments',
      options: { choices: CHOICES },
      value: ['d2'],
    });
    expect(chips(container)).toEqual(['Finance']);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Departments' }));
    const list = screen.getByRole('listbox');
    // Chosen values are not offered again.
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Sales', 'Research']);
    fireEvent.click(within(list).getByRole('option', { name: 'Research' }));
    expect(changes).toEqual([['d2', 'd3']]);
    expect(chips(container)).toEqual(['Finance', 'Research']);
  });

  it('keeps a stored value the choices do not hold, as its id, and as … while they load', () => {
    const loaded = renderWidget(MultiSelectWidget, { label: 'Apps', options: { choices: CHOICES }, value: ['gone'] });
    expect(chips(loaded.container)).toEqual(['gone']);
    loaded.unmount();
    const loading = renderWidget(MultiSelectWidget, {
      label: 'Apps',
      options: { choices: [], loading: true },
      value: ['d1'],
    });
    expect(chips(loading.container)).toEqual(['…']);
  });

  it('says there is nothing to choose, and offers nothing when read-only', () => {
    renderWidget(MultiSelectWidget, { label: 'Apps', options: { choices: [] }, value: [] });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Apps' }));
    screen.getByText('No choices available.');
    const { container } = renderWidget(MultiSelectWidget, {
      id: 'root_other',
      label: 'Roles',
      options: { choices: CHOICES },
      value: ['d1'],
      readonly: true,
    });
    expect((container.querySelector('#root_other') as HTMLInputElement).disabled).toBe(true);
  });
});
