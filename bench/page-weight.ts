/**
 * What a browser downloads for a page: its HTML and every JavaScript file
 * fetched until the network is idle (lazy chunks included), raw and gzip.
 */
import {gzipSync} from 'node:zlib';
import type {Browser} from '@playwright/test';

export interface PageWeight {
  path: string;
  htmlBytes: number;
  htmlGzipBytes: number;
  jsFiles: number;
  jsBytes: number;
  jsGzipBytes: number;
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
  // The scripts run after the first paint (lib/ssr-template.ts): on a busy machine the network can fall idle
  // while main.js still runs, before the page's own chunks are requested. Idle counts once the page has hydrated.
  await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
  await page.waitForLoadState('networkidle');
  const html = await response.body();
  const bodies = await Promise.all(scripts.values());
  await context.close();
  return {
    path,
    htmlBytes: html.length,
    htmlGzipBytes: gzipSync(html).length,
    jsFiles: bodies.length,
    jsBytes: bodies.reduce((sum, body) => sum + body.length, 0),
    jsGzipBytes: bodies.reduce((sum, body) => sum + gzipSync(body).length, 0),
  };
}
