/**
 * react-loadable-ssr-addon finds route modules in chunk `origins` by their import
 * request under webpack 4 only; under webpack 5 and Rspack Docusaurus found no
 * chunk for any module, so pages loaded their route's chunks only after main.js
 * ran. With the requests added, each page names its chunks in its HTML.
 */

export interface ClientManifest {
  entrypoints: string[];
  origins: Record<string, string[]>;
  assets: Record<string, Record<string, {file: string}[]>>;
}

export interface ImportedChunkGroup {
  requests: string[];
  chunkIds: string[];
}

/** A group whose chunk the manifest does not list is an error. */
export function withImportedRequests(manifest: ClientManifest, groups: readonly ImportedChunkGroup[]): ClientManifest {
  const origins = {...manifest.origins};
  for (const {requests, chunkIds} of groups) {
    const unlisted = chunkIds.filter((id) => !manifest.assets[id]);
    if (unlisted.length > 0) throw new Error(`client manifest: the chunks ${unlisted.join(', ')} that ${requests.join(', ')} import have no files in it`);
    for (const request of requests) origins[request] = [...new Set([...(origins[request] ?? []), ...chunkIds])];
  }
  return {...manifest, origins};
}
