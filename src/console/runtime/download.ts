// Saves what a GET call answers as a file: the browser names it after the answer's Content-Disposition
// (same origin, so the session cookie goes along). Used by form and list `download` actions.
export function downloadFrom(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  document.body.append(link);
  link.click();
  link.remove();
}
