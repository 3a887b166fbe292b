// The manifest of an application package (schemas/meta/app-package.yaml describes the same shape).
import type { ProblemFix } from '../envelope.ts';

export interface Text {
  en: string;
  zh: string;
  cn: string;
}

export interface Resource {
  id: string;
  name: Text;
}

export interface Module {
  id: string;
  name: Text;
  resources?: Resource[];
}

export interface Menu {
  id: string;
  name: Text;
  module?: string;
  icon?: string;
  children?: Menu[];
}

export type MenuKind = 'pc' | 'mobile';
export const MENU_KINDS: readonly MenuKind[] = ['pc', 'mobile'];

export interface Role {
  id: string;
  name: Text;
  pc?: string[];
  mobile?: string[];
  resources?: string[];
}

/** The field types a package form may use (schemas/meta/app-package.yaml). */
export type FormFieldType =
  'text' | 'textarea' | 'number' | 'money' | 'date' | 'select' | 'user' | 'department' | 'attachment';

export interface FormField {
  name: string;
  type: FormFieldType;
  label: Text;
  required?: boolean;
  options?: string[];
}

export interface Form {
  id: string;
  module: string;
  name: Text;
  fields: FormField[];
}

export interface Process {
  id: string;
  name: Text;
  file: string;
  form: string;
  /** Node names in the three languages by node id (the BPMN name where none is given). */
  nodes?: Record<string, Text>;
}

export interface Manifest {
  format: 1;
  id: string;
  version: string;
  name: Text;
  description?: Text;
  modules: Module[];
  menus?: Partial<Record<MenuKind, Menu[]>>;
  roles?: Role[];
  forms?: Form[];
  processes?: Process[];
}

/** A package read into memory: the manifest and the text of each process file it names. */
export interface AppPackage {
  manifest: Manifest;
  processFiles: Map<string, string>;
}

/** One thing wrong with a package: where (file and JSON pointer) and what, in the reader's language. */
export interface PackageProblem {
  file: string;
  pointer: string;
  message: string;
  /** What the administrator may answer in the preview to lift it (process-definition.ts). */
  fix?: ProblemFix;
}

/** Every menu of a tree, depth first, with its parent's id and its place among its siblings. */
export function flattenMenus(
  menus: readonly Menu[] | undefined,
  parent: string | null = null,
  path = '',
): Array<{ menu: Menu; parent: string | null; order: number; pointer: string }> {
  return (menus ?? []).flatMap((menu, order) => {
    const pointer = `${path}/${order}`;
    return [{ menu, parent, order, pointer }, ...flattenMenus(menu.children, menu.id, `${pointer}/children`)];
  });
}
