/** Pages name their route's chunks (lib/build/client-manifest.ts) so lib/ssr-template.ts can preload them beside main.js rather than after it. */
import fs from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {withImportedRequests, type ClientManifest, type ImportedChunkGroup} from '../../../lib/build/client-manifest';

export default function routeChunkPreloads(context: LoadContext): Plugin {
  const manifestFile = path.join(context.generatedFilesDir, 'client-manifest.json');
  return {
    name: 'route-chunk-preloads',
    configureWebpack(_config, isServer) {
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
