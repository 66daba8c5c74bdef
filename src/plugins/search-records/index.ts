/**
 * After the build, extracts the search records of every page from its built
 * HTML (scripts/search/records.ts) into search/records.json in the output,
 * the input of the local index and of `npm run search:push`.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {pageRecords} from '../../../scripts/search/records';

/** Where the records are written, relative to the build output. */
export const RECORDS_FILE = 'search/records.json';

export default function searchRecords(): Plugin {
  return {
    name: 'search-records',
    async postBuild({outDir, routesPaths, baseUrl}) {
      const records = routesPaths
        .filter((route) => route !== `${baseUrl}404.html` && route !== `${baseUrl}search`)
        .flatMap((route) => {
          const relative = route.slice(baseUrl.length);
          const file = path.join(outDir, relative === '' ? 'index.html' : `${relative}.html`);
          const fallback = path.join(outDir, relative, 'index.html');
          const html = fs.existsSync(file) ? file : fs.existsSync(fallback) ? fallback : undefined;
          return html ? pageRecords(fs.readFileSync(html, 'utf8'), route) : [];
        });
      fs.mkdirSync(path.join(outDir, path.dirname(RECORDS_FILE)), {recursive: true});
      fs.writeFileSync(path.join(outDir, RECORDS_FILE), JSON.stringify(records));
      console.log(`[search] ${records.length} records from ${routesPaths.length} routes`);
    },
  };
}
