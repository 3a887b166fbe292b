// Dialog `process-install`, a row action of the applications list: a bare .bpmn uploaded for that
// application, previewed and installed as a package is (docs/adr/0132-task-runtime-and-bare-bpmn.md).
import type { DialogPluginProps } from '../../runtime/dialog/types.ts';
import PackageInstallDialog from './PackageInstallDialog.tsx';

export default function ProcessInstallDialog(props: DialogPluginProps) {
  return <PackageInstallDialog {...props} data={{ ...props.data, process: true }} />;
}
