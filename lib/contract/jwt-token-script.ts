/** /js/setJWTTokenValue.js keeps the try-it panel's stored token in line with the product's cookie on every page (src/shared/reader-token.ts). */
import path from 'node:path';
import {buildSync} from 'esbuild';
import {readerTokenScheme, type ReaderTokenSettings} from '../../src/shared/reader-token';
import {repoRoot} from '../paths';
import type {OpenApiDocument} from './compile';

const readerTokenModule = path.join(repoRoot, 'src/shared/reader-token.ts');

export function jwtTokenScript(document: OpenApiDocument, cookieName: string): string {
  const schemeKey = readerTokenScheme(document.components?.securitySchemes);
  if (!schemeKey) throw new Error('The contract has no apiKey scheme in the Authorization header for /js/setJWTTokenValue.js to fill.');
  const settings: ReaderTokenSettings = {cookieName, schemeKey};
  // One classic script: a static page has no module loader.
  const {outputFiles} = buildSync({
    stdin: {
      contents: `import {watchReaderToken} from ${JSON.stringify(readerTokenModule)};\nwatchReaderToken(${JSON.stringify(settings)});\n`,
      resolveDir: repoRoot,
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    target: 'es2017',
    minify: true,
    legalComments: 'none',
    write: false,
  });
  return outputFiles[0].text;
}
