// What a dialog registered in the console registry (`dialogs`) receives from whoever opens it.

export interface DialogPluginProps {
  /** What the opener hands over: a form's data (form actions) or a widget's value ({ value }). */
  data: Record<string, unknown>;
  /** Closes the dialog; a result goes back to the opener (e.g. the icon picker's chosen path). */
  onClose: (result?: unknown) => void;
}
