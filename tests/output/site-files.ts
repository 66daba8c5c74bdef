/** Reads the production build in build/ for the build tests. */
import fs from 'node:fs';
import path from 'node:path';
import {buildDir} from '../../lib/paths';

/** Every HTML page of the build, as a site path ("/" for index.html, no ".html"). */
export function builtPages(): Map<string, string> {
  const pages = new Map<string, string>();
  for (const entry of fs.readdirSync(buildDir, {recursive: true, withFileTypes: true})) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const file = path.join(entry.parentPath, entry.name);
    const route = `/${path.relative(buildDir, file)}`.replace(/(^|\/)index\.html$/, '$1').replace(/\.html$/, '');
    pages.set(route === '' ? '/' : route, fs.readFileSync(file, 'utf8'));
  }
  return pages;
}

export function readBuildFile(relative: string): string {
  return fs.readFileSync(path.join(buildDir, relative), 'utf8');
}

/** The page's visible text, roughly: markup, scripts and styles removed. */
export function pageText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
}
