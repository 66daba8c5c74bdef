/**
 * The requests pages show. A page writes each call once, as a ```http block
 * (request line, optional headers, blank line, JSON body); the build turns it
 * into samples in every language. Hand-written code (curl scripts, polling
 * loops) is read here too, so the drift check sees every request a page shows.
 */
import {parse as parseShell} from 'shell-quote';
import type {ContractOperation, OperationIndex} from '../contract/operations';

export interface ShownRequest {
  method: string;
  /** The path (or URL) with its query, as the page writes it. */
  written: string;
  /** Path without query, with placeholders such as `$TARGET_ID` or `${id}` written as `{…}`. */
  path: string;
  query: URLSearchParams;
  /** The JSON body; undefined when none is shown. */
  body?: unknown;
  /** Whether the body is shown at all (a curl `-d @file.json` shows none that can be checked). */
  bodyChecked: boolean;
  /** 0-based lines of the request within its code block: where it starts and ends. */
  line: number;
  endLine: number;
}

/** A problem found in a page, located by line (1-based, in the file). */
export interface Problem {
  line: number;
  message: string;
}

const API_PATH = /\/api\/v\d+\/[^\s"'`)\\]*/;

/** The API path of a URL or path, with its query; placeholder segments become `{…}`. */
function splitTarget(target: string): {path: string; query: URLSearchParams} | undefined {
  const match = API_PATH.exec(target);
  if (!match) return undefined;
  const [rawPath, rawQuery = ''] = match[0].split('?');
  const path = rawPath
    .split('/')
    .map((segment) => (/[${}<>:]/.test(segment) ? '{…}' : segment))
    .join('/');
  return {path, query: new URLSearchParams(rawQuery.replace(/\{[^}]*\}|\$\{[^}]*\}|\$[A-Z_]+/g, 'value'))};
}

/** A ```http block that shows a request (it starts with a method); others show headers or a response. */
export function isRequestBlock(node: {lang?: string | null; value: string}): boolean {
  return node.lang === 'http' && /^(GET|POST|PUT|PATCH|DELETE)\s/.test(node.value);
}

/** The response a request block asks to show (`status=409` in its meta), if not the success one. */
export function requestedStatus(meta: string | null | undefined): string | undefined {
  return /\bstatus=(\d{3})\b/.exec(meta ?? '')?.[1];
}

/** The named example a request block shows as its response (`example=api-target` in its meta), if not the first. */
export function requestedExample(meta: string | null | undefined): string | undefined {
  return /\bexample=([\w.-]+)/.exec(meta ?? '')?.[1];
}

/** Reads a ```http block: `METHOD /path?query`, header lines, a blank line, then an optional JSON body. */
export function parseHttpBlock(text: string): ShownRequest {
  const lines = text.split('\n');
  const requestLine = /^(GET|POST|PUT|PATCH|DELETE) (\S+)$/.exec(lines[0].trim());
  if (!requestLine) throw new Error(`the first line must be "METHOD /api/v1/path", not "${lines[0]}"`);
  const target = splitTarget(requestLine[2]);
  if (!target || !requestLine[2].startsWith('/api/')) throw new Error(`"${requestLine[2]}" is not an API path (/api/v1/...)`);
  const blank = lines.findIndex((line) => line.trim() === '');
  const bodyText =
    blank === -1
      ? ''
      : lines
          .slice(blank + 1)
          .join('\n')
          .trim();
  let body: unknown;
  if (bodyText) {
    try {
      body = JSON.parse(bodyText);
    } catch (error) {
      throw new Error(`the body is not valid JSON: ${(error as Error).message}`);
    }
  }
  return {method: requestLine[1], written: requestLine[2], ...target, body, bodyChecked: true, line: 0, endLine: lines.length - 1};
}

/** curl commands of a shell block, with their method, URL and `-d` body. */
function curlRequests(text: string): ShownRequest[] {
  const requests: ShownRequest[] = [];
  const lines = text.split('\n');
  for (let start = 0; start < lines.length; start += 1) {
    if (!/(^|[\s;|&(])curl\s/.test(lines[start])) continue;
    let command = lines[start];
    let end = start;
    while (/\\\s*$/.test(lines[end]) && end + 1 < lines.length) {
      end += 1;
      command = `${command.replace(/\\\s*$/, '')} ${lines[end]}`;
    }
    // Variables stay as written, so placeholders are recognised in the path.
    const words = parseShell(command.slice(command.search(/curl\s/)), (name) => `$${name}`).filter((word): word is string => typeof word === 'string');
    let method: string | undefined;
    let url: string | undefined;
    let data: string | undefined;
    for (let index = 1; index < words.length; index += 1) {
      const word = words[index];
      if (word === '-X' || word === '--request') method = words[++index];
      else if (['-d', '--data', '--data-raw', '--data-binary', '--json'].includes(word)) data = words[++index];
      else if (['-H', '--header', '-o', '--output', '-u', '--user', '-w', '--write-out', '--max-time', '-F', '--form'].includes(word)) index += 1;
      else if (!word.startsWith('-') && url === undefined) url = word;
    }
    const target = url ? splitTarget(url) : undefined;
    if (!target) continue;
    let body: unknown;
    // No data at all is checked too (an operation that takes a body then fails); a file or a variable cannot be.
    let bodyChecked = data === undefined || !data.startsWith('@');
    if (data !== undefined && bodyChecked) {
      try {
        body = JSON.parse(data!);
      } catch {
        bodyChecked = false;
      }
    }
    requests.push({
      method: (method ?? (data !== undefined ? 'POST' : 'GET')).toUpperCase(),
      written: url!,
      ...target,
      body,
      bodyChecked,
      line: start,
      endLine: end,
    });
    start = end;
  }
  return requests;
}

/** Calls in Python (requests or a session) and JavaScript (fetch) code: method and URL, one per call. */
function codeRequests(text: string): ShownRequest[] {
  const requests: ShownRequest[] = [];
  const lines = text.split('\n');
  lines.forEach((line, index) => {
    const python = /\b(?:requests|session|client)\.(get|post|put|patch|delete)\(\s*f?["']([^"']+)["']/.exec(line);
    if (python) {
      const target = splitTarget(python[2]);
      if (target) requests.push({method: python[1].toUpperCase(), written: python[2], ...target, bodyChecked: false, line: index, endLine: index});
      return;
    }
    const fetchCall = /\bfetch\(\s*[`'"]([^`'"]+)[`'"]/.exec(line);
    if (fetchCall) {
      const target = splitTarget(fetchCall[1]);
      // The method, if any, is in the options that follow on this line or the next few.
      const options = lines.slice(index, index + 4).join(' ');
      const method = /method:\s*['"](\w+)['"]/.exec(options.slice(options.indexOf(fetchCall[0])))?.[1] ?? 'GET';
      if (target) requests.push({method: method.toUpperCase(), written: fetchCall[1], ...target, bodyChecked: false, line: index, endLine: index});
    }
  });
  return requests;
}

/** Every request a code block shows, by its language. */
export function requestsInCode(lang: string | null | undefined, text: string): ShownRequest[] {
  if (isRequestBlock({lang, value: text})) return [parseHttpBlock(text)];
  if (['bash', 'sh', 'shell', 'console', 'zsh'].includes(lang ?? '')) return curlRequests(text);
  return codeRequests(text);
}

/** API paths anywhere in a text (prose or code), with the method written before them, if any. */
export function pathsInText(text: string): {method?: string; path: string; index: number}[] {
  const found: {method?: string; path: string; index: number}[] = [];
  for (const match of text.matchAll(new RegExp(`(?:\\b(GET|POST|PUT|PATCH|DELETE)\\s+)?(\\S*${API_PATH.source})`, 'g'))) {
    const target = splitTarget(match[2]);
    if (target) found.push({method: match[1], path: target.path, index: match.index});
  }
  return found;
}

/** The operation a shown request makes, or why the contract has none. */
export function checkRequest(index: OperationIndex, request: ShownRequest): {operation?: ContractOperation; problems: string[]} {
  const operation = index.match(request.method, request.path);
  if (!operation) {
    const others = index.matchPath(request.path).map((candidate) => `${candidate.method} (${candidate.id})`);
    return {
      problems: [`${request.method} ${request.path} is not an operation of the contract${others.length ? `; this path takes ${others.join(', ')}` : ''}`],
    };
  }
  // A body that cannot be read (a file, a variable, a Python dict) is not checked.
  const problems = [...index.validateQuery(operation, request.query), ...(request.bodyChecked ? index.validateBody(operation, request.body) : [])];
  return {operation, problems};
}
