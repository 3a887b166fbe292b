// Shorthands for the configuration calls the tests repeat: read, save, export and import through an upload.
import type { ApiClient } from './api-client.ts';

export type ConfigGroups = Record<string, Record<string, unknown>> & { groups?: string[] };

export function getConfig(client: ApiClient) {
  return client.call<ConfigGroups>('GET', '/authtime/config');
}

export function saveConfig(client: ApiClient, body: Record<string, unknown>) {
  return client.call<ConfigGroups>('PUT', '/authtime/config', { body });
}

/** The loaded configuration with some fields of one group changed, as the screen saves it. */
export async function savedWith(client: ApiClient, group: string, fields: Record<string, unknown>) {
  const { reply } = await getConfig(client);
  const { groups: _groups, ...record } = reply.data;
  return saveConfig(client, { ...record, [group]: { ...record[group], ...fields } });
}

export async function exportConfig(
  client: ApiClient,
): Promise<{ text: string; disposition: string | null; type: string | null }> {
  const response = await client.raw('GET', '/authtime/config/export');
  return {
    text: await response.text(),
    disposition: response.headers.get('content-disposition'),
    type: response.headers.get('content-type'),
  };
}

/** Uploads the text as a systemImport file, then imports it. */
export async function importConfig(client: ApiClient, text: string, name = 'config.json') {
  const form = new FormData();
  form.append('file', new Blob([text]), name);
  const upload = await client.call<Array<{ filePath: string }>>('POST', '/authtime/uploads', {
    query: { path: 'systemImport' },
    form,
  });
  if (upload.reply.errcode !== 0) return upload as unknown as Awaited<ReturnType<typeof importPath>>;
  return importPath(client, upload.reply.data[0].filePath);
}

export function importPath(client: ApiClient, path: string) {
  return client.call<{ changed: string[] }>('POST', '/authtime/config/import', { body: { path } });
}
