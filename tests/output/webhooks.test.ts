/**
 * Webhooks in the build: the webhook events page of the reference and its
 * twin show every event; the guide shows the receivers' files as they are,
 * the files tests/unit/webhook-receivers.test.ts runs.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as cheerio from 'cheerio';
import {describe, expect, it} from 'vitest';
import {contractOutput, repoRoot} from '../../lib/paths';
import {webhookEvents} from '../../lib/reference/webhook-events';
import {builtPages, readBuildFile} from './site-files';

const contract = JSON.parse(fs.readFileSync(contractOutput.json, 'utf8'));
const pages = builtPages();
const {events} = webhookEvents(contract);
const eventTypes: string[] = contract.components.schemas.WebhookEventType.enum;

const RECEIVERS = ['receiver.py', 'receiver.mjs', 'receiver.go'].map((name) => ({
  name,
  code: fs.readFileSync(path.join(repoRoot, 'docs/guides/receive-webhooks', name), 'utf8').trimEnd(),
}));

/** The text of each code block of a built page, line by line as the reader sees it. */
function codeBlocks(html: string): string[] {
  const $ = cheerio.load(html);
  return $('article pre')
    .map((_, pre) =>
      $(pre)
        .find('.token-line')
        .map((_, line) => $(line).text())
        .get()
        .join('\n'),
    )
    .get();
}

describe('the webhook events page', () => {
  const html = pages.get('/api/reference/webhook-events')!;
  const $ = cheerio.load(html ?? '');

  it('has a section per event, in the order of the events, with its example', () => {
    expect(
      $('article h2')
        .map((_, h2) => $(h2).attr('id'))
        .get(),
    ).toEqual(eventTypes);
    const examples = codeBlocks(html);
    for (const event of events) expect(examples).toContain(JSON.stringify(event.example, null, 2));
  });

  it('is in the sidebar, in the Webhooks group of the reference, and links the guide', () => {
    expect($('nav.menu a[href="/api/reference/webhook-events"]').length).toBe(1);
    expect($('article a[href="/guides/receive-and-verify-webhooks"]').length).toBeGreaterThan(0);
  });

  it('has a Markdown twin with every event and its example', () => {
    const twin = readBuildFile('api/reference/webhook-events.md');
    for (const event of events) {
      expect(twin).toContain(`## \`${event.name}\``);
      expect(twin).toContain(JSON.stringify(event.example, null, 2));
    }
    expect(twin).toContain('(https://docs.vigil.example/guides/receive-and-verify-webhooks.md)');
  });

  it('is in llms-full.txt in full, in the Webhooks section', () => {
    const full = readBuildFile('llms-full.txt');
    const section = full.slice(full.indexOf('\n# API reference: Webhooks\n'));
    expect(section).toContain(readBuildFile('api/reference/webhook-events.md').trimEnd());
  });
});

describe('the guide Receive and verify webhooks', () => {
  it('shows each receiver exactly as its file is, in the page and its twin', () => {
    const blocks = codeBlocks(pages.get('/guides/receive-and-verify-webhooks')!);
    const twin = readBuildFile('guides/receive-and-verify-webhooks.md');
    for (const {name, code} of RECEIVERS) {
      expect(blocks, name).toContain(code);
      expect(twin, name).toContain(`title="${name}"\n${code}\n\`\`\``);
    }
  });
});
