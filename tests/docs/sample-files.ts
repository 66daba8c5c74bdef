/**
 * The files the pages' programs expect beside them: those the pages include
 * with `file=` (the rate-limit helpers), saved under the name the block's
 * title gives, and the reader's own inputs the tutorials upload: an OpenAPI
 * file (a small one, as the sandbox's body limit asks) and a Postman collection.
 */
import fs from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import {documentationFiles} from '../../lib/docs/drift';
import {repoRoot} from '../../lib/paths';
import {docCodeBlocks} from '../doc-code-blocks';

const FIXTURES = path.join(repoRoot, 'tests/fixtures/docs-run');

export function sampleFiles(): Record<string, string> {
  const files: Record<string, string> = {};
  for (const page of documentationFiles())
    for (const block of docCodeBlocks(page)) {
      const included = /(?:^|\s)file=(\S+)/.exec(block.meta)?.[1];
      if (!included) continue;
      const name = /title="([^"]+)"/.exec(block.meta)?.[1] ?? path.basename(included);
      files[name] = fs.readFileSync(path.resolve(repoRoot, path.dirname(block.file), included), 'utf8');
    }
  // A reader's own API, small: the sandbox takes bodies up to 1 MiB, where production takes schema files up to 10 MB.
  files['openapi.json'] = JSON.stringify(parse(fs.readFileSync(path.join(repoRoot, 'tests/fixtures/openapi/shared-errors.yaml'), 'utf8')));
  files['shop-api.postman_collection.json'] = fs.readFileSync(path.join(FIXTURES, 'shop-api.postman_collection.json'), 'utf8');
  return files;
}
