/**
 * The client manifest Docusaurus reads as it renders each page
 * (react-loadable-ssr-addon's): which chunk files a rendered module needs.
 * react-loadable reports each route module a page renders by the request its
 * loader imports ("@site/docs/…", "@theme/DocItem"), and the addon finds them
 * in `origins` by that request under webpack 4 only; under webpack 5 and
 * Rspack it keys them by chunk name or id, so Docusaurus found no chunk for
 * any module, and every page loaded its route's chunks only once main.js had
 * run. With the requests added, each page names its chunks in its HTML.
 */

export interface ClientManifest {
  entrypoints: string[];
  /** A module (or chunk) → the ids of the chunks it needs. */
  origins: Record<string, string[]>;
  /** A chunk id → its files, by extension. */
  assets: Record<string, Record<string, {file: string}[]>>;
}

/** A lazily loaded chunk group as the bundler reports it: the requests that import it, and its chunks' ids. */
export interface ImportedChunkGroup {
  requests: string[];
  chunkIds: string[];
}

/** The manifest with each imported request among its origins; a group whose chunk the manifest does not list is an error. */
export function withImportedRequests(manifest: ClientManifest, groups: readonly ImportedChunkGroup[]): ClientManifest {
  const origins = {...manifest.origins};
  for (const {requests, chunkIds} of groups) {
    const unlisted = chunkIds.filter((id) => !manifest.assets[id]);
    if (unlisted.length > 0) throw new Error(`client manifest: the chunks ${unlisted.join(', ')} that ${requests.join(', ')} import have no files in it`);
    for (const request of requests) origins[request] = [...new Set([...(origins[request] ?? []), ...chunkIds])];
  }
  return {...manifest, origins};
}
