/**
 * What a browser downloads for a page: its HTML and every JavaScript file
 * fetched until the network is idle (lazy chunks included), raw and gzip.
 */
import {gzipSync} from 'node:zlib';
import type {Browser} from '@playwright/test';

export interface ScriptWeight {
  url: string;
  bytes: number;
  gzipBytes: number;
}

export interface PageWeight {
  path: string;
  htmlBytes: number;
  htmlGzipBytes: number;
  jsFiles: number;
  jsBytes: number;
  jsGzipBytes: number;
  /** Each script, heaviest first: what to look at when a page is over its budget. */
  scripts: ScriptWeight[];
}

export async function measurePageWeight(browser: Browser, baseUrl: string, path: string): Promise<PageWeight> {
  // A fresh context: nothing cached, like a first visit.
  const context = await browser.newContext({viewport: {width: 1280, height: 800}});
  const page = await context.newPage();
  const scripts = new Map<string, Promise<Buffer>>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script' && response.ok()) {
      scripts.set(response.url(), response.body());
    }
  });
  const response = await page.goto(baseUrl + path, {waitUntil: 'networkidle'});
  if (!response?.ok()) throw new Error(`${path}: HTTP ${response?.status()}`);
  // The scripts run after the first paint (lib/ssr-template.ts): on a busy machine
  // the network can fall idle before the page's own chunks are requested, so idle
  // counts once the page has hydrated.
  await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
  await page.waitForLoadState('networkidle');
  const html = await response.body();
  const weights = await Promise.all(
    [...scripts].map(async ([url, body]) => {
      const bytes = await body;
      return {url: new URL(url).pathname, bytes: bytes.length, gzipBytes: gzipSync(bytes).length};
    }),
  );
  await context.close();
  return {
    path,
    htmlBytes: html.length,
    htmlGzipBytes: gzipSync(html).length,
    jsFiles: weights.length,
    jsBytes: weights.reduce((sum, script) => sum + script.bytes, 0),
    jsGzipBytes: weights.reduce((sum, script) => sum + script.gzipBytes, 0),
    scripts: weights.sort((a, b) => b.gzipBytes - a.gzipBytes),
  };
}
