// The `user-picker` form widget alone (docs/adr/0142-user-picker-widget-and-master-detail.md): it opens
// the user-selection dialog with what is chosen, stores the dialog's users as the field's schema says
// (ids, or records with their names; several for an array, one otherwise), removes a chip, and a
// read-only form's picker neither opens nor removes; a `picker` reading the form's fields waits for them
// (docs/adr/0163-api-docs-sign-in-form-and-panel-read-checks.md). The dialog is a stand-in answering fixed users.
import { fireEvent, screen } from '@testing-library/react';
import type { WidgetProps } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { DialogHostContext, type DialogHostProps } from '../../../src/console/runtime/dialog/OpenDialog.tsx';
import UserPickerWidget from '../../../src/console/runtime/widgets/UserPickerWidget.tsx';
import { renderWidget } from '../support/render-widget.tsx';

const ANN = { id: 'u1', name: 'Ann', loginno: 'acme01' };
const BOB = { id: 'u2', name: 'Bob', loginno: 'acme02' };
const opened: DialogHostProps[] = [];

function StandInDialog(props: DialogHostProps) {
  opened.push(props);
  return (
    <button type="button" onClick={() => props.onClose({ users: [ANN, BOB] })}>
      stand-in confirm
    </button>
  );
}
function Picker(props: WidgetProps) {
  return (
    <DialogHostContext.Provider value={(p) => <StandInDialog {...p} />}>
      <UserPickerWidget {...props} />
    </DialogHostContext.Provider>
  );
}
const chips = (container: HTMLElement) =>
  [...container.querySelectorAll('.MuiChip-label')].map((chip) => chip.textContent);

describe('the user-picker widget', () => {
  it('keeps the ids of several users picked in the dialog, named in the chips, and removes one', () => {
    const { container, changes } = renderWidget(Picker, {
      label: 'Approvers',
      schema: { type: 'array', items: { type: 'string' } },
      value: [],
    });
    screen.getByText('Nobody selected yet.');
    fireEvent.click(screen.getByTestId('user-picker-choose'));
    expect(opened.at(-1)).toMatchObject({ name: 'user-select', data: { single: false, selected: [] } });
    fireEvent.click(screen.getByText('stand-in confirm'));
    expect(changes).toEqual([['u1', 'u2']]);
    expect(chips(container)).toEqual(['Ann (acme01)', 'Bob (acme02)']);
    fireEvent.click(screen.getByTestId('user-picker-chip-u1').querySelector('.MuiChip-deleteIcon')!);
    expect(changes.at(-1)).toEqual(['u2']);
  });

  it('keeps one user as a record for a one-user object field, handing the dialog the chosen one', () => {
    const { container, changes } = renderWidget(Picker, {
      label: 'Manager',
      schema: { type: 'object' },
      value: BOB,
    });
    expect(chips(container)).toEqual(['Bob (acme02)']);
    fireEvent.click(screen.getByRole('button', { name: 'Choose a user' }));
    expect(opened.at(-1)?.data).toEqual({ single: true, selected: [BOB] });
    fireEvent.click(screen.getByText('stand-in confirm'));
    expect(changes).toEqual([{ id: 'u1', name: 'Ann', loginno: 'acme01' }]);
  });

  it('neither opens nor removes in a read-only form', () => {
    const { changes } = renderWidget(Picker, {
      label: 'Approvers',
      schema: { type: 'array', items: { type: 'object' } },
      value: [ANN],
      readonly: true,
    });
    expect((screen.getByTestId('user-picker-choose') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('user-picker-chip-u1').querySelector('.MuiChip-deleteIcon')).toBeNull();
    expect(changes).toEqual([]);
  });

  it('reads the enterprise and application from the form, waiting for each with its message', () => {
    const picker = {
      domain: 'domainid',
      docs: 'applicationId',
      waits: [
        { field: 'applicationId', message: 'apiDocs.chooseApplication', title: 'Application' },
        { field: 'domainid', message: 'apiDocs.msg.selectDomain', title: 'Enterprise' },
      ],
    };
    const form: Record<string, string> = { applicationId: 'office' };
    const before = opened.length;
    renderWidget(Picker, {
      label: 'User',
      schema: { type: 'string' },
      value: undefined,
      options: { picker },
      registry: { formContext: { form } } as unknown as WidgetProps['registry'],
    });
    fireEvent.click(screen.getByTestId('user-picker-choose'));
    expect(screen.getByTestId('user-picker-waiting').textContent).toBe('Select an enterprise before picking a user.');
    expect(opened.length).toBe(before);
    form.domainid = 'acme';
    fireEvent.click(screen.getByTestId('user-picker-choose'));
    expect(screen.queryByTestId('user-picker-waiting')).toBeNull();
    expect(opened.at(-1)?.data).toEqual({
      single: true,
      selected: [],
      domainid: 'acme',
      docs: { applicationId: 'office' },
    });
  });
});
