// How an update call names the record it changes: by its path parameter when the path has one for it
// that the opener's own parameters leave free, else by the record's id field in the body. The spec's
// PUT /authtime/domain/{id}/user is the second kind: {id} is the enterprise, the user's id travels in
// the body, even though the form never sends that (server-owned, readOnly) field otherwise.

export interface UpdateArgs {
  params: Record<string, string>;
  /** The id must be put in the body under the record's id field. */
  idInBody: boolean;
}

const pathParams = (path: string) => new Set([...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]));

export function updateArgs(path: string, idParam: string, id: string, params: Record<string, string> = {}): UpdateArgs {
  const inPath = pathParams(path).has(idParam) && !(idParam in params);
  return { params: { ...(inPath ? { [idParam]: id } : {}), ...params }, idInBody: !inPath };
}
