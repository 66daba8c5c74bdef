/**
 * Inline scripts found as a browser finds them: htmlparser2 reads script content
 * as raw text, as browsers do, and builds no tree, which a full parse of every
 * page would.
 */
import fs from 'node:fs';
import path from 'node:path';
import {Parser} from 'htmlparser2';
import {scriptHash} from './security-headers';

/** Any other type counts as a script, so none slips through unchecked. */
const DATA_BLOCK_TYPES = new Set(['application/ld+json', 'application/json']);

/** What a browser would check against the CSP: not a data block, not empty. */
export function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  let script: string | undefined;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'script' && attributes.src === undefined && !DATA_BLOCK_TYPES.has((attributes.type ?? '').trim().toLowerCase())) script = '';
      },
      ontext(text) {
        if (script !== undefined) script += text;
      },
      onclosetag(name) {
        if (name !== 'script') return;
        if (script) scripts.push(script);
        script = undefined;
      },
    },
    // The browser hashes the text as the page has it.
    {decodeEntities: false},
  );
  parser.end(html);
  return scripts;
}

export function* builtPages(buildDir: string): Generator<{file: string; html: string}> {
  for (const entry of fs.readdirSync(buildDir, {recursive: true, withFileTypes: true})) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const file = path.join(entry.parentPath, entry.name);
    yield {file: path.relative(buildDir, file), html: fs.readFileSync(file, 'utf8')};
  }
}

export function inlineScriptHashes(buildDir: string): string[] {
  const hashes = new Set<string>();
  for (const {html} of builtPages(buildDir)) {
    for (const text of inlineScripts(html)) hashes.add(scriptHash(text));
  }
  return [...hashes].sort();
}
