/**
 * Runs the CLI's examples as a reader would: every example of the CLI
 * description (cli/cli.yaml) and every ```bash block of the hand-written CLI
 * pages that runs the client, each with bash, against the sandbox with a key
 * of its own and a home folder of its own. A page's blocks run in page order,
 * the shell variables a block assigns carried to the next ones, those its
 * prose defines (`TARGET_ID=…`) set before. What it printed is held to what
 * the page shows (the ```text block after it, or the example's `output`):
 * every line shown must come, in order, ids, times, durations and key
 * prefixes aside. A failure names the file, the line, the command and the
 * lines that differed.
 */
import {spawn} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {LineCounter, parse, parseDocument} from 'yaml';
import {cliDescriptionFile, loadCliDescription, type CliDescription} from '../../lib/cli/description';
import {repoRoot} from '../../lib/paths';
import {portalConfig, portalTokens} from '../../portal.config';
import {docCodeBlocks} from '../doc-code-blocks';
import {sandboxSender} from '../sandbox-requests';
import {sandboxKey} from './tutorial-runner';

const tokens = portalTokens(portalConfig);
const cliName = portalConfig.cliName;

/** One command line (or script) a page or the description shows, with what it must print and exit with. */
export interface CliExample {
  /** The file it is written in, relative to the repository. */
  file: string;
  line: number;
  script: string;
  /** The lines it must print, if the source shows them. */
  expected?: string;
  exitCode: number;
  /** Variables the page's prose defines before it. */
  variables: Record<string, string>;
}

interface Exclusion {
  /** Matches the example's command line, the client's name written as `vigil` and its variables' prefix as `VIGIL_`. */
  match?: RegExp;
  /** Matches what the example shows it prints. */
  shows?: RegExp;
  reason: string;
  /** Run it all the same, its exit code checked and its lines not: later blocks of its page need what it does. */
  run?: true;
}

/** Examples left out of every run, each with why. */
export const EXCLUDED: Exclusion[] = [
  {match: /^vigil configure$/, reason: 'asks its questions in a terminal only (the key without echo); configure --key-stdin --no-input runs instead'},
  {match: /^vigil targets delete \S+$/, reason: 'asks for confirmation in a terminal only; the --yes example runs instead'},
];

/**
 * Examples the sandbox cannot yet answer as the page shows, each with why; none today. The examples still run where
 * `run` says so, their exit code checked.
 */
export const SANDBOX_GAPS: Exclusion[] = [];

/** The rule that leaves an example out of this run, or leaves its lines unchecked; undefined for one that runs whole. */
export function exclusion(example: CliExample): Exclusion | undefined {
  const command = example.script
    .trim()
    .replace(new RegExp(`(^|[\\s($|])${cliName} `, 'g'), '$1vigil ')
    .replace(new RegExp(`\\b${tokens.envPrefix}_`, 'g'), 'VIGIL_');
  return [...EXCLUDED, ...SANDBOX_GAPS].find((rule) => (rule.match?.test(command) ?? true) && (rule.shows?.test(example.expected ?? '') ?? true));
}

/**
 * What a reader has set up before following the pages, which no page defines:
 * the contract's example ids (the sandbox's seeded objects), other keys, and
 * files they name.
 */
export const readerSetup = (key: string, ciKey: string): Record<string, string> => ({
  // The objects the description's examples and the CI pages act on: the contract's example ids.
  TARGET_ID: '3f9c1e2a-6b7d-4c1e-9a2b-5d6e7f8a9b0c',
  SCAN_ID: '5a7e2c91-3d4b-4f6a-8e1c-2b9d0f7a6c35',
  FINDING_ID: '9d2b4f6a-8c1e-4b3d-a5f7-6e8c0a2b4d19',
  REDUCED_SCOPE_ID: '7b9d1f3a-5c7e-4a9b-8d1f-3a5c7e9b1d2f',
  FULL_PROFILE_ID: 'c2d4e6f8-1a3b-4c5d-8e7f-9a0b1c2d3e4f',
  // The CI job's key, an API user's (ciPipelineKey), saved to a profile by configure.
  PAYMENTS_CI_KEY: ciKey,
  // A second key of the reader's, for the page that shows switching keys.
  OTHER_KEY: sandboxKey(),
  // The secret an API target's login sends.
  SHOP_API_TOKEN: 'shop-api-token',
});

/** Files the examples name as the reader's own, written into the run's home folder, where the examples run. */
const readerFiles = (key: string): Record<string, string> => ({
  'openapi.yaml': 'openapi: 3.0.3\ninfo: {title: Shop, version: "1"}\npaths: {}\n',
  'login.json': '{"username": "scanner", "password": "secret"}\n',
  'secrets/scanner-key.txt': `${key}\n`,
  // The reader's deployment, run between a pause and a resume.
  'deploy.sh': '#!/bin/sh\necho "Deployed."\n',
});

/** The description's examples, with the line of each command. */
export function descriptionExamples(file = cliDescriptionFile): CliExample[] {
  const description: CliDescription = loadCliDescription(file, undefined, tokens);
  const lineCounter = new LineCounter();
  const document = parseDocument(fs.readFileSync(file, 'utf8'), {lineCounter});
  const relative = path.relative(repoRoot, file);
  const examples: CliExample[] = [];
  const add = (base: (string | number)[], commands: CliDescription['commands']) =>
    commands.forEach((command, index) =>
      command.examples.forEach((example, position) => {
        const node = document.getIn([...base, index, 'examples', position, 'command'], true) as {range?: number[]} | undefined;
        examples.push({
          file: relative,
          line: lineCounter.linePos(node?.range?.[0] ?? 0).line,
          script: example.command,
          expected: example.output,
          exitCode: example.exitCode ?? 0,
          variables: {},
        });
      }),
    );
  add(['commands'], description.commands);
  description.groups.forEach((group, index) => add(['groups', index, 'commands'], group.commands));
  return examples;
}

const runsClient = (script: string) => new RegExp(`(^|[\\s($|])${cliName} `).test(`${script} `);

/**
 * The ```bash blocks of a page that run the client, each with the ```text
 * block right after it, the variables its prose defines before it, and the
 * exit code its meta gives (```bash exit=10, for a gate the page shows
 * failing), else 0.
 */
export function pageExamples(page: string): CliExample[] {
  const blocks = docCodeBlocks(page);
  const source = fs.readFileSync(path.join(repoRoot, page), 'utf8').split('\n');
  const examples: CliExample[] = [];
  let proseFrom = 0;
  blocks.forEach((block, index) => {
    const prose = source.slice(proseFrom, block.line - 1).join('\n');
    proseFrom = block.line;
    if (block.lang !== 'bash' || !runsClient(block.value) || block.value.includes('npm install')) return;
    const next = blocks[index + 1];
    const variables = Object.fromEntries([...prose.matchAll(/`([A-Z][A-Z0-9_]*)=([^`$]+)`/g)].map((match) => [match[1], match[2]]));
    examples.push({
      file: block.file,
      line: block.line,
      script: block.value,
      expected: next?.lang === 'text' ? next.value : undefined,
      exitCode: Number(/(?:^|\s)exit=(\d+)\b/.exec(block.meta)?.[1] ?? 0),
      variables,
    });
  });
  return examples;
}

/** Writes the configuration file of the description's example under `home`: the payments-ci profile's key `ciKey`, the others `key`. */
function writeConfigFile(home: string, key: string, ciKey: string, apiUrl: string): void {
  const description = loadCliDescription(cliDescriptionFile, undefined, {...tokens, apiUrl});
  const file = path.join(home, '.config', cliName, 'config.yaml');
  fs.mkdirSync(path.dirname(file), {recursive: true});
  const text = description.configFile.example.replace(/"<([a-z-]*)api-key>"/g, (_, name: string) => JSON.stringify(name === 'payments-ci-' ? ciKey : key));
  fs.writeFileSync(file, text, {mode: 0o600});
}

/** The JSON body of a page's ```http block that sends this request line. */
function pageRequestBody(page: string, requestLine: string): Record<string, unknown> {
  const block = docCodeBlocks(page).find((each) => each.lang === 'http' && each.value.startsWith(`${requestLine}\n`));
  if (!block) throw new Error(`${page} has no \`${requestLine}\` block`);
  return JSON.parse(block.value.slice(block.value.indexOf('\n\n') + 2)) as Record<string, unknown>;
}

/**
 * The CI job's key, made as the pages make it with the reader's key: the role of the CI/CD pipelines page
 * (```yaml role="CI pipeline"), the API user of the authentication page, and that page's assignment of the
 * role on the API user's team.
 */
export async function ciPipelineKey(sandboxUrl: string, ownerKey: string): Promise<string> {
  const send = sandboxSender(sandboxUrl, ownerKey);
  const roleBlock = docCodeBlocks('docs/cli/ci/index.md').find((block) => block.meta.includes('role="CI pipeline"'));
  if (!roleBlock) throw new Error('docs/cli/ci/index.md has no role="CI pipeline" block');
  const {permissions} = parse(roleBlock.value) as {permissions: string[]};
  const made = async (route: string, body: Record<string, unknown>) => {
    const answer = await send('POST', route, body);
    if (answer.status !== 201) throw new Error(`POST ${route} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return answer.body as {id: string; key?: string};
  };
  const role = await made('/api/v1/roles/', {name: 'CI pipeline', description: "The CI/CD pipelines page's role.", permissions});
  const user = await made('/api/v1/api_users/', pageRequestBody('docs/api/authentication.md', 'POST /api/v1/api_users/'));
  const assignment = pageRequestBody('docs/api/authentication.md', 'POST /api/v1/api_user_roles/');
  await made('/api/v1/api_user_roles/', {...assignment, api_user_id: user.id, role_id: role.id});
  return user.key!;
}

/** One shell run of a source's examples: its key, home and folder, and the variables carried from block to block. */
export interface CliShell {
  key: string;
  home: string;
  sandboxUrl: string;
  env: Record<string, string>;
  /** The file the variables a block assigns are written to, read before the next block. */
  carried: string;
}

/**
 * A shell for one source: a fresh key; the configuration file when the source
 * runs `configure` or names a profile (the key then comes from it, not the
 * environment, as the pages' output says).
 */
export async function newShell(examples: CliExample[], sandboxUrl: string, executableDir: string): Promise<CliShell> {
  const key = sandboxKey();
  const ciKey = await ciPipelineKey(sandboxUrl, key);
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'cli-example-'));
  for (const [name, text] of Object.entries(readerFiles(key))) {
    fs.mkdirSync(path.dirname(path.join(home, name)), {recursive: true});
    fs.writeFileSync(path.join(home, name), text, {mode: name.endsWith('.sh') ? 0o755 : 0o644});
  }
  const usesConfig = examples.some((example) => / configure\b|--profile\b/.test(example.script));
  if (usesConfig) writeConfigFile(home, key, ciKey, sandboxUrl);
  const env: Record<string, string> = {
    PATH: `${executableDir}${path.delimiter}${process.env.PATH}`,
    HOME: home,
    LANG: 'C.UTF-8',
    [`${tokens.envPrefix}_API_URL`]: sandboxUrl,
    ...readerSetup(key, ciKey),
    ...(usesConfig ? {} : {[`${tokens.envPrefix}_API_KEY`]: key}),
  };
  return {key, home, sandboxUrl, env, carried: path.join(home, '.carried-variables')};
}

export interface ExampleRun {
  code: number | null;
  /** Standard output and error as a terminal shows them, interleaved. */
  output: string;
}

const timeout = 60_000;

/** Runs one example in bash in the shell's folder, the carried variables set first, and records those it assigns. */
export async function runExample(example: CliExample, shell: CliShell): Promise<ExampleRun> {
  const assigned = [...new Set([...example.script.matchAll(/^\s*(?:export\s+)?([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]))];
  const prelude = [
    'exec 2>&1 </dev/null',
    ...Object.entries(example.variables).map(([name, value]) => `export ${name}=${shellQuote(value)}`),
    `[ -f ${shellQuote(shell.carried)} ] && . ${shellQuote(shell.carried)}`,
    ...(assigned.length
      ? [`trap 'for v in ${assigned.join(' ')}; do [ -n "\${!v+x}" ] && printf "export %s=%q\\n" "$v" "\${!v}"; done >> ${shellQuote(shell.carried)}' EXIT`]
      : []),
  ].join('\n');
  const child = spawn('bash', ['-c', `${prelude}\n${example.script}`], {cwd: shell.home, env: shell.env, stdio: ['ignore', 'pipe', 'pipe']});
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const timer = setTimeout(() => child.kill(), timeout);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearTimeout(timer);
  return {code, output};
}

const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/**
 * A line with what differs from run to run written as placeholders: ids,
 * times, clock times, durations, sizes, key prefixes, the home folder; runs
 * of spaces (column widths follow the longest cell) made one.
 */
export function normalisedLine(line: string, shell?: Pick<CliShell, 'home' | 'sandboxUrl'>): string {
  return (shell ? line.split(shell.home).join('~').split(shell.sandboxUrl).join(tokens.apiUrl) : line)
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<id>')
    .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})/g, '<time>')
    .replace(/\b\d{2}:\d{2}:\d{2}\b/g, '<clock>')
    .replace(/\b(?:\d+h)?(?:\d+m)?\d+(?:\.\d+)?(?:s|ms)\b|\b\d+ ms\b/g, '<duration>')
    .replace(/\(\d+(?:\.\d+)? [KM]?B\)/g, '(<size>)')
    .replace(/\S+ \(key_prefix/g, '<prefix> (key_prefix')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A status change a wait prints (`08:01:30  started  2%`). */
const statusChange = /^<clock> /;

/**
 * The lines the source shows that the run did not print in their order: each
 * shown line must match a later printed line than the one before it. Of a
 * run of status changes only the last must come: the ones before depend on
 * how far the scan or report had got when the wait began.
 */
export function missingLines(expected: string, output: string, shell?: Pick<CliShell, 'home' | 'sandboxUrl'>): string[] {
  const printed = output.split('\n').map((line) => normalisedLine(line, shell));
  const shown = expected.split('\n').map((line) => normalisedLine(line));
  const missing: string[] = [];
  let at = 0;
  for (const [index, line] of expected.split('\n').entries()) {
    const wanted = shown[index];
    if (!wanted || (statusChange.test(wanted) && statusChange.test(shown[index + 1] ?? ''))) continue;
    const found = printed.indexOf(wanted, at);
    if (found < 0) missing.push(line);
    else at = found + 1;
  }
  return missing;
}

/** What is wrong with one run, as a message naming the file, line and command; undefined when it printed and exited as shown. */
export function exampleFailure(example: CliExample, run: ExampleRun, shell?: Pick<CliShell, 'home' | 'sandboxUrl'>, linesChecked = true): string | undefined {
  const problems: string[] = [];
  if (run.code !== example.exitCode) problems.push(`exit code: expected ${example.exitCode}, got ${run.code}`);
  const missing = example.expected === undefined || !linesChecked ? [] : missingLines(example.expected, run.output, shell);
  if (missing.length) problems.push(`lines shown but not printed (in this order):\n${missing.map((line) => `  - ${line}`).join('\n')}`);
  if (!problems.length) return undefined;
  const printed = run.output.trimEnd().split('\n').slice(0, 40);
  return [
    `${example.file}:${example.line}: ${example.script.split('\n').join('\n    ')}`,
    ...problems.map((problem) => `  ${problem}`),
    `  printed:\n${printed.map((line) => `  | ${line}`).join('\n')}`,
  ].join('\n');
}
