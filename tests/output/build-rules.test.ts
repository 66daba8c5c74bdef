/**
 * The build rules of the specification, proved by building copies of the
 * real site with one bad page added: broken links fail the build, broken
 * Markdown links and anchors only warn, and an unknown brand token fails
 * naming its file and line, as does a component the Markdown twins cannot show.
 * The copies keep the site's configuration, plugins, sidebars and every page's
 * front matter, but each page's body is a stub: the rules live in the
 * configuration and plugins, and a copy then builds in a fraction of the time.
 */
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {readBuiltSite} from '../../lib/build/built-site';
import {writeSiteOutputs} from '../../lib/build/site-outputs';
import {repoRoot} from '../../lib/paths';
import {portalConfig} from '../../portal.config';

const SITE_SOURCES = [
  'cli',
  'docs',
  'generated',
  'lib',
  'scripts',
  'src',
  'static',
  'docusaurus.config.ts',
  'sidebars.ts',
  'portal.config.ts',
  'package.json',
  'tsconfig.json',
];
const copies: string[] = [];

/** Replaces the body of every page under `docsDir` with one line, keeping its front matter (id, slug, title, sidebar). */
function stubPageBodies(docsDir: string): void {
  for (const name of fs.readdirSync(docsDir, {recursive: true, encoding: 'utf8'})) {
    if (!/\.mdx?$/.test(name)) continue;
    const file = path.join(docsDir, name);
    const frontMatter = /^---\n[\s\S]*?\n---\n/.exec(fs.readFileSync(file, 'utf8'))?.[0] ?? '';
    fs.writeFileSync(file, `${frontMatter}\nA page of the site, its body left out of this copy.\n`);
  }
}

interface CopyBuild {
  status: number | null;
  output: string;
  /** The copy's folder. */
  site: string;
}

/** Builds a copy of the site with `pages` (file name in docs/ → text) added. */
function buildWithPages(pages: Record<string, string>): CopyBuild {
  const site = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-rules-'));
  copies.push(site);
  for (const entry of SITE_SOURCES) fs.cpSync(path.join(repoRoot, entry), path.join(site, entry), {recursive: true});
  fs.symlinkSync(path.join(repoRoot, 'node_modules'), path.join(site, 'node_modules'));
  stubPageBodies(path.join(site, 'docs'));
  for (const [name, text] of Object.entries(pages)) fs.writeFileSync(path.join(site, 'docs', name), text);
  const result = spawnSync(path.join(repoRoot, 'node_modules/.bin/docusaurus'), ['build', '--out-dir', 'out'], {
    cwd: site,
    encoding: 'utf8',
    env: {...process.env, FORCE_COLOR: '0'},
  });
  return {status: result.status, output: `${result.stdout}\n${result.stderr}`, site};
}

/** One build per set of pages, made by the first test that asks: rules that show in the same build share it. */
function sharedBuild(pages: Record<string, string>): () => CopyBuild {
  let result: CopyBuild | undefined;
  return () => (result ??= buildWithPages(pages));
}

const page = (description: string, body: string) => `---\ntitle: Extra\ndescription: ${description}\n---\n\n${body}\n`;

// Broken links are checked at the end of a build, Markdown links while pages compile: one build shows both.
const linksBuild = sharedBuild({
  'extra.md': page('A page with a broken link.', 'See [nowhere](/no-such-page).'),
  'markdown-link.md': page('A page with a broken Markdown link.', 'See [a file](./missing-file.md).'),
});
// A broken anchor alone, since a broken link would fail the build before anchors are reported.
const anchorBuild = sharedBuild({
  'extra.md': page('A page with a broken anchor.', '## A heading\n\nSee [an anchor](/extra#no-such-heading) and [a real one](/extra#a-heading).'),
});
// Both rules fail the pages' compilation, which reports every page that fails.
const compileBuild = sharedBuild({
  'extra.md': page('A page with a misspelt token.', 'Hello\n\nWelcome to {{prodcut}}.'),
  'request.md': page('A page with a request to a path the API does not have.', 'List them:\n\n```http\nGET /api/v1/target/\n```'),
});
// The twins are written by the step after Docusaurus's build (lib/build/site-outputs.ts), from the copy's built site.
const twinBuild = sharedBuild({
  'extra.mdx': page('A page with a component the twins do not know.', 'import Details from \'@theme/Details\';\n\n<Details summary="More">Hidden.</Details>'),
});

// Each copy holds a whole build: removing them outlasts the default hook timeout on a busy machine.
afterAll(() => copies.forEach((dir) => fs.rmSync(dir, {recursive: true, force: true})), 120_000);

// A test that makes its build runs a whole build of the stubbed copy: a minute or more on a loaded machine.
describe('build rules', {timeout: 600_000}, () => {
  it('fails on a broken link, naming the page and the link', () => {
    const {status, output} = linksBuild();
    expect(status).not.toBe(0);
    expect(output).toMatch(/broken link/i);
    expect(output).toContain('/no-such-page');
    expect(output).toContain('/extra');
  });

  it('reports a broken Markdown link as a warning (its broken link still fails)', () => {
    const {status, output} = linksBuild();
    expect(status).not.toBe(0);
    expect(output).toMatch(/\[WARNING\] Markdown link with URL `\.\/missing-file\.md` in source file "docs\/markdown-link\.md" \(6:5\)/);
    expect(output).toContain('/markdown-link');
  });

  it('only warns on a broken anchor', () => {
    const {status, output} = anchorBuild();
    expect(status, output).toBe(0);
    expect(output).toMatch(/\[WARNING\][\s\S]*broken anchor[\s\S]*#no-such-heading/i);
    expect(output).not.toContain('#a-heading');
  });

  it('fails on an unknown brand token, naming the file and line', () => {
    const {status, output} = compileBuild();
    expect(status).not.toBe(0);
    expect(output).toMatch(/docs\/extra\.md:8: unknown token \{\{prodcut\}\}/);
  });

  it('fails on a request block the contract does not have, naming the file and line', () => {
    const {status, output} = compileBuild();
    expect(status).not.toBe(0);
    expect(output).toMatch(/docs\/request\.md:8: GET \/api\/v1\/target\/ is not an operation of the contract/);
  });

  it('fails on a component the Markdown twin cannot show, naming the file and line', async () => {
    const {status, output, site} = twinBuild();
    expect(status, output).toBe(0);
    const built = readBuiltSite(path.join(site, 'generated/built-site.json'));
    await expect(writeSiteOutputs(built, portalConfig)).rejects.toThrow(/docs\/extra\.mdx:8:1: unknown MDX component <Details>/);
  });
});
