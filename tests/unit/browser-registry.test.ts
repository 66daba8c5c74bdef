/**
 * The browser's route registry goes without the module paths only the
 * server's rendering reads (src/plugins/browser-generated-modules), on the registry
 * Docusaurus's own code generator writes; a registry of another shape stops
 * the build, naming the line.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {generateRouteFiles} from '@docusaurus/core/lib/server/codegen/codegenRoutes';
import {beforeAll, describe, expect, it} from 'vitest';
import dropModulePaths from '../../src/plugins/browser-generated-modules/registry-loader.js';

const MODULES = ['@site/docs/api/quick-start.md', '@site/docs/api/reference/targets-create.api.mdx'];

let registry: string;
const rewrite = (source: string): string => dropModulePaths.call({resourcePath: '/site/.docusaurus/registry.js'}, source);

beforeAll(async () => {
  const generatedFilesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'registry-'));
  await generateRouteFiles({
    generatedFilesDir,
    baseUrl: '/',
    routes: MODULES.map((module, at) => ({
      path: `/page-${at}`,
      component: '@theme/DocItem',
      modules: {content: module},
      plugin: {name: 'docs', id: 'default'},
    })),
  });
  registry = fs.readFileSync(path.join(generatedFilesDir, 'registry.js'), 'utf8');
});

describe("the browser's route registry", () => {
  it('keeps each module loader and weak id, and drops the module path beside them', () => {
    const rewritten = rewrite(registry);
    for (const module of MODULES) {
      expect(registry).toContain(`"${module}", require.resolveWeak`);
      expect(rewritten).not.toContain(`"${module}", require.resolveWeak`);
      expect(rewritten).toContain(`*/ "${module}"), "", require.resolveWeak("${module}")]`);
    }
    expect(rewritten.match(/import\(/g)).toEqual(registry.match(/import\(/g));
  });

  it('stops the build, naming the line, when the registry is not shaped as Docusaurus writes it', () => {
    expect(() => rewrite(registry.replace('require.resolveWeak', 'require.resolve'))).toThrow(/registry\.js:2 is not the route registry/);
    expect(() => rewrite(registry.replace('export default {', 'module.exports = {'))).toThrow(/registry\.js:1 is not the route registry/);
  });
});
