// The console skins an application can choose from: a built-in list of colour schemes.
export interface Skin {
  id: string;
  /** Label key of the skin's name. */
  label: string;
  primaryColor: string;
  secondaryColor: string;
}

export const SKINS: readonly Skin[] = [
  { id: 'classic', label: 'skin.classic', primaryColor: '#1f5fbf', secondaryColor: '#0f766e' },
  { id: 'jade', label: 'skin.jade', primaryColor: '#0f766e', secondaryColor: '#1f5fbf' },
  { id: 'amber', label: 'skin.amber', primaryColor: '#b45309', secondaryColor: '#334155' },
  { id: 'graphite', label: 'skin.graphite', primaryColor: '#334155', secondaryColor: '#b45309' },
];
