// The `switch` form widget alone: its field name and its state's text both toggle it (as a checkbox's
// label does), a two-value enum's first value is "on", and a read-only form's switch does not move.
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import SwitchWidget from '../../../src/console/runtime/widgets/SwitchWidget.tsx';
import { renderWidget } from '../support/render-widget.tsx';

// The enterprise's status: '1' active, '0' inactive, with its x-labels.
const STATUS = {
  label: 'Status',
  schema: { type: 'string' as const, enum: ['1', '0'] },
  options: { enumNames: { '1': 'Active', '0': 'Inactive' } },
};

describe('the switch widget', () => {
  it('toggles by its field name and by the text of its state, showing that state', () => {
    const { changes } = renderWidget(SwitchWidget, { ...STATUS, value: '1' });
    const toggle = screen.getByRole('switch', { name: 'Status' });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    screen.getByText('Active');
    fireEvent.click(screen.getByText('Status'));
    expect((toggle as HTMLInputElement).checked).toBe(false);
    fireEvent.click(screen.getByText('Inactive'));
    expect((toggle as HTMLInputElement).checked).toBe(true);
    expect(changes).toEqual(['0', '1']);
  });

  it("takes a two-value enum's first value as on, whatever it is", () => {
    const { changes } = renderWidget(SwitchWidget, {
      label: 'Notice',
      schema: { type: 'string', enum: ['0', '1'] }, // '0' means on here
      options: { enumNames: { '0': 'On', '1': 'Off' } },
      value: '1',
    });
    const toggle = screen.getByRole('switch', { name: 'Notice' }) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    fireEvent.click(toggle);
    expect(changes).toEqual(['0']);
    screen.getByText('On');
  });

  it('holds a plain boolean', () => {
    const { changes } = renderWidget(SwitchWidget, { label: 'Enabled', schema: { type: 'boolean' }, value: false });
    fireEvent.click(screen.getByRole('switch', { name: 'Enabled' }));
    expect(changes).toEqual([true]);
  });

  it('does not move in a read-only form', () => {
    const { changes } = renderWidget(SwitchWidget, { ...STATUS, value: '1', readonly: true });
    const toggle = screen.getByRole('switch', { name: 'Status' }) as HTMLInputElement;
    expect(toggle.disabled).toBe(true);
    fireEvent.click(screen.getByText('Status'));
    expect(toggle.checked).toBe(true);
    expect(changes).toEqual([]);
  });
});
