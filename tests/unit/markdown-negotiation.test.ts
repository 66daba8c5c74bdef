/**
 * Which Accept headers get a page's Markdown twin (the one pattern nginx's map
 * and the static server of `npm start` and `npm run serve` share), and the
 * static server answering so on a loopback port.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {wantsMarkdown} from '../../lib/deploy/markdown-negotiation';
import type {RunningServer} from '../../lib/serve/running-server';
import {startStaticServer} from '../../lib/serve/static-server';

describe('Markdown negotiation', () => {
  it.each([
    'text/markdown',
    'TEXT/Markdown',
    'text/markdown;q=0.5',
    'text/markdown; q=0.5',
    'text/markdown ; Q=1',
    'text/markdown;q=0.001',
    'text/markdown;charset=utf-8',
    'text/markdown;variant=GFM;q=0.8',
    'text/markdown, text/html;q=0.9',
    'text/html, text/markdown;q=0.1',
    'text/html,text/markdown',
    'text/markdown;q=0, text/markdown;charset=utf-8',
  ])('gives Markdown for %s', (accept) => {
    expect(wantsMarkdown(accept)).toBe(true);
  });

  it.each([
    '',
    'text/html',
    'text/markdown;q=0',
    'text/markdown;q=0.',
    'text/markdown;q=0.0',
    'text/markdown;q=0.00',
    'text/markdown;q=0.000',
    'text/markdown; Q = 0',
    'text/markdown;charset=utf-8;q=0',
    'text/markdown;q=0;charset=utf-8',
    'text/html, text/markdown;q=0',
    'text/markdownx',
    'text/markdown+extra',
    'application/text/markdown',
    'xtext/markdown',
    'text/*',
    '*/*',
  ])('gives HTML for %s', (accept) => {
    expect(wantsMarkdown(accept)).toBe(false);
  });
});

describe('the static server of npm start and npm run serve', () => {
  let root: string;
  let server: RunningServer;
  const files: Record<string, string> = {
    'index.html': '<h1>Home</h1>',
    'index.md': '# Home',
    'a/b.html': '<h1>B</h1>',
    'a/b.md': '# B',
    'a/c.html': '<h1>C</h1>',
    '404.html': '<h1>Not found</h1>',
  };

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'markdown-negotiation-'));
    for (const [file, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(root, file)), {recursive: true});
      fs.writeFileSync(path.join(root, file), text);
    }
    server = await startStaticServer({root});
  });

  afterAll(async () => {
    await server?.close();
    fs.rmSync(root, {recursive: true, force: true});
  });

  const get = async (route: string, accept?: string) => {
    const response = await fetch(`${server.url}${route}`, {headers: accept === undefined ? {} : {accept}});
    return {status: response.status, type: response.headers.get('content-type'), vary: response.headers.get('vary'), text: await response.text()};
  };
  const markdown = (text: string) => ({status: 200, type: 'text/markdown; charset=utf-8', vary: 'Accept', text});
  const html = (text: string) => ({status: 200, type: 'text/html; charset=utf-8', vary: 'Accept', text});

  it.each(['text/markdown', 'text/markdown, text/html;q=0.9', 'TEXT/Markdown;q=0.5'])('answers a page with its twin for %s', async (accept) => {
    expect(await get('/a/b', accept)).toEqual(markdown('# B'));
    expect(await get('/', accept)).toEqual(markdown('# Home'));
  });

  it.each([undefined, 'text/html', 'text/markdown;q=0', 'text/*', '*/*'])('answers a page with its HTML for %s', async (accept) => {
    expect(await get('/a/b', accept)).toEqual(html('<h1>B</h1>'));
    expect(await get('/', accept)).toEqual(html('<h1>Home</h1>'));
  });

  it('answers a page without twin with its HTML, and an unknown page with the 404 page, either way', async () => {
    expect(await get('/a/c', 'text/markdown')).toEqual(html('<h1>C</h1>'));
    for (const accept of [undefined, 'text/markdown']) {
      const unknown = await get('/a/d', accept);
      expect([unknown.status, unknown.text], String(accept)).toEqual([404, '<h1>Not found</h1>']);
    }
  });

  it('answers a path with a malformed escape as it does without the header', async () => {
    expect(await get('/a/%E0', 'text/markdown')).toEqual(await get('/a/%E0'));
  });
});
