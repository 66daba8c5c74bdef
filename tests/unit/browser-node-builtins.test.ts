/**
 * The try-it panel's code asks for Node built-ins that no plugin maps to a browser
 * package: postman-collection's iconv-lite requires `string_decoder` as it loads.
 * The bundler finds such a package in node_modules; it must be there because the
 * portal depends on it, not because a development server happened to bring it
 * (Docusaurus 4's bundling failed without it).
 */
import fs from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {repoRoot} from '../../lib/paths';

interface Resolver {
  sync(directory: string, request: string): {path?: string; error?: string};
}

/** Rspack as Docusaurus's faster bundler installs it: the portal does not name it, and a new Docusaurus may nest it. */
const rspack = createRequire(createRequire(path.join(repoRoot, 'package.json')).resolve('@docusaurus/faster/package.json'))('@rspack/core') as {
  experiments: {resolver: {ResolverFactory: new (options: object) => Resolver}};
};

const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {dependencies: Record<string, string>};

/** Where the two copies of iconv-lite the panel bundles ask for the built-in from. */
const iconvEncodings = ['postman-collection', 'postman-code-generators/codegens/python-http.client/node_modules/postman-collection'].map((dependent) =>
  path.dirname(createRequire(path.join(repoRoot, 'node_modules', dependent, 'package.json')).resolve('iconv-lite/encodings/internal.js')),
);

describe("the Node built-ins the try-it panel's bundle asks for", () => {
  it('resolve, as the bundler resolves for the browser, to a package the portal depends on', () => {
    const resolver = new rspack.experiments.resolver.ResolverFactory({
      conditionNames: ['browser', 'import', 'require'],
      mainFields: ['browser', 'module', 'main'],
    });
    for (const directory of iconvEncodings) {
      expect(fs.readFileSync(path.join(directory, 'internal.js'), 'utf8')).toContain("require('string_decoder')");
      const resolved = resolver.sync(directory, 'string_decoder');
      expect(resolved.error).toBeUndefined();
      expect(path.relative(repoRoot, resolved.path!)).toMatch(/^node_modules\/string_decoder\//);
    }
    expect(manifest.dependencies.string_decoder).toBe(createRequire(path.join(repoRoot, 'package.json'))('string_decoder/package.json').version);
  });
});
