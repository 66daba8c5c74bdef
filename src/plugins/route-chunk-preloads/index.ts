/**
 * Each page names its route's chunks in its HTML (lib/build/client-manifest.ts),
 * and lib/ssr-template.ts preloads them: they download beside main.js instead
 * of after it, and main.js finds them fetched when it asks for them, where
 * asking the network for each cost 1–3 ms of the page's first task.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {withImportedRequests, type ClientManifest, type ImportedChunkGroup} from '../../../lib/build/client-manifest';

export default function routeChunkPreloads(context: LoadContext): Plugin {
  // Where Docusaurus's client configuration has react-loadable-ssr-addon write it.
  const manifestFile = path.join(context.generatedFilesDir, 'client-manifest.json');
  return {
    name: 'route-chunk-preloads',
    configureWebpack(_config, isServer) {
      // Only a production build renders pages with the manifest.
      if (isServer || process.env.NODE_ENV !== 'production') return {};
      return {
        plugins: [
          {
            apply(compiler) {
              // After the addon has written the manifest, in its emit hook.
              compiler.hooks.afterEmit.tap('route-chunk-preloads', (compilation) => {
                const groups: ImportedChunkGroup[] = compilation.chunkGroups
                  .filter((group) => !group.isInitial())
                  .map((group) => ({
                    requests: group.origins.flatMap(({request}) => (request ? [request] : [])),
                    chunkIds: group.chunks.flatMap((chunk) => [...(chunk.ids ?? [])].map(String)),
                  }));
                const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as ClientManifest;
                fs.writeFileSync(manifestFile, JSON.stringify(withImportedRequests(manifest, groups)));
              });
            },
          },
        ],
      };
    },
  };
}
