/**
 * The guides in the production build: every tutorial has the shape the
 * portal promises (goal, prerequisites, numbered steps with requests in every
 * language, responses, errors and reference links), the tutorials index lists
 * them all, and the CLI reference covers every command of the description.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {Code} from 'mdast';
import {fromMarkdown} from 'mdast-util-from-markdown';
import {visit} from 'unist-util-visit';
import {describe, expect, it} from 'vitest';
import {loadCliDescription} from '../../lib/cli/description';
import {OperationIndex} from '../../lib/contract/operations';
import {isRequestBlock, parseHttpBlock, requestedStatus} from '../../lib/docs/http-requests';
import {repoRoot} from '../../lib/paths';
import {portalConfig} from '../../portal.config';
import {TUTORIAL_ROUTES} from '../route-table';
import {builtPages, pageText} from './site-files';

const pages = builtPages();
/** The page's headings of a level (those of its outline: the title, and headings with an id, so not the cards' titles). */
const headings = (html: string, level: number) =>
  [...html.matchAll(new RegExp(`<h${level}[^>]*${level === 1 ? '' : ' id='}[^>]*>([\\s\\S]*?)</h${level}>`, 'g'))].map((match) =>
    pageText(match[1])
      .replace(/\u200b/g, '')
      .trim(),
  );
/** Link targets; the minified HTML quotes attributes only where needed. */
const links = (html: string) => [...html.matchAll(/<a [^>]*href=(?:"([^"]+)"|([^\s>]+))/g)].map((match) => match[1] ?? match[2]);
const article = (html: string) => /<article[\s\S]*<\/article>/.exec(html)?.[0] ?? '';

describe('tutorials', () => {
  it.each(TUTORIAL_ROUTES)('%s states its prerequisites, then numbered steps, then next steps', (route) => {
    const h2 = headings(article(pages.get(route)!), 2);
    expect(h2[0]).toBe('Before you start');
    const steps = h2.slice(1, -1);
    expect(steps.length).toBeGreaterThanOrEqual(2);
    steps.forEach((step, index) => expect(step).toMatch(new RegExp(`^${index + 1}\\. \\S`)));
    expect(h2.at(-1)).toBe('Next steps');
  });

  it.each(TUTORIAL_ROUTES)('%s shows requests in every language, their responses, errors and reference pages', (route) => {
    const html = article(pages.get(route)!);
    const text = pageText(html);
    for (const label of ['curl', 'Python', 'JavaScript', 'Go']) expect(html).toMatch(new RegExp(`role="?tab"? [^>]*>${label}<`));
    expect(text).toMatch(/Response: \d{3} /);
    expect(text).toContain('What can go wrong:');
    const references = links(html).filter((href) => href.startsWith('/api/reference/'));
    expect(references.length).toBeGreaterThan(0);
    for (const href of references) expect(pages.has(href.split('#')[0]), href).toBe(true);
  });

  it('are all listed on the tutorials index, by group', () => {
    const html = article(pages.get('/api/tutorials')!);
    expect(headings(html, 2)).toEqual(['Targets', 'Target authentication', 'Scans', 'Findings']);
    expect(new Set(links(html).filter((href) => href.startsWith('/api/tutorials/')))).toEqual(new Set(TUTORIAL_ROUTES));
  });
});

describe('the API quick start', () => {
  it('shows its requests with the responses the page documents, in order', () => {
    const blocks: Code[] = [];
    visit(fromMarkdown(fs.readFileSync(path.join(repoRoot, 'docs/api/quick-start.md'), 'utf8')), 'code', (node: Code) => {
      if (isRequestBlock(node)) blocks.push(node);
    });
    expect(blocks.length).toBeGreaterThanOrEqual(4);
    const operations = OperationIndex.load();
    const titles = [...pageText(pages.get('/api/quick-start')!).matchAll(/Response: (\d{3}) /g)].map((match) => match[1]);
    const expected = blocks.map((block) => {
      const request = parseHttpBlock(block.value);
      return requestedStatus(block.meta) ?? operations.match(request.method, request.path)!.success.status;
    });
    expect(titles.slice(0, expected.length)).toEqual(expected);
  });
});

describe('the CLI reference', () => {
  const description = loadCliDescription();
  const cli = portalConfig.cliName;

  it('documents global options, configuration, environment variables, output formats, exit codes and commands', () => {
    const html = article(pages.get('/cli/reference')!);
    const text = pageText(html);
    expect(headings(html, 2)).toEqual([
      'Usage',
      'Installation',
      'Global options',
      'Configuration file',
      'Environment variables',
      'Output formats',
      'Exit codes',
      'Commands',
      ...(description.commands.length ? ['Other commands'] : []),
    ]);
    for (const option of description.globalOptions) {
      expect(text).toContain(`--${option.name}`);
      if (option.env) expect(text).toContain(option.env.replace('{{envPrefix}}', cli.toUpperCase().replace(/-/g, '_')));
    }
    for (const exit of description.exitCodes) expect(html).toContain(`<code>${exit.code}</code>`);
    for (const group of description.groups) {
      for (const command of group.commands) expect(links(html)).toContain(`/cli/reference/${group.name}#${command.name}`);
    }
    for (const command of description.commands) expect(headings(html, 3)).toContain(`${cli} ${command.name}`);
  });

  it.each(['findings', 'reports', 'scans', 'schedules', 'targets'])('/cli/reference/%s documents each command with its options and API operations', (name) => {
    const group = description.groups.find((candidate) => candidate.name === name)!;
    const html = article(pages.get(`/cli/reference/${name}`)!);
    const text = pageText(html);
    expect(headings(html, 1)).toEqual([`${cli} ${name}`]);
    expect(headings(html, 2)).toEqual(group.commands.map((command) => `${cli} ${name} ${command.name}`));
    for (const command of group.commands) {
      expect(html).toMatch(new RegExp(`<h2[^>]* id="?${command.name}"?[ >]`));
      for (const option of command.options ?? []) expect(text, `${name} ${command.name}`).toContain(`--${option.name}`);
      for (const id of command.operations) expect(links(html)).toContain(`/api/reference/${id.replaceAll('_', '-')}`);
    }
  });
});
