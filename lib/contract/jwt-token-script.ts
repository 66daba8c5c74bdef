/**
 * /js/setJWTTokenValue.js: when the product has signed the reader in, it
 * leaves a short-lived API token in a cookie readable on the shared parent
 * domain; this script, on every page, keeps the try-it panel's stored token
 * in line with that cookie (src/shared/reader-token.ts, the
 * code the panel runs too). It never puts the token in a URL or a log, keeps
 * a key the reader typed, and stores only well-formed tokens.
 */
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
  // esbuild bundles the panel's own module into one small classic script (no module loader on a static page).
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
