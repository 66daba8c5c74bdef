/**
 * `npm run check:secrets [dir]`: secretlint, with its recommended rules, over
 * every file the build wrote (build/ by default): pages, scripts, data, the
 * Markdown twins, the OpenAPI files, the Postman collection, llms*.txt. The
 * gzip copies are skipped (the files they compress are scanned), and so are
 * binary files (images, fonts). Prints `file:line:column rule message` for
 * each finding, secrets masked, and exits 1 if there is any; `--json` prints
 * the files scanned and the findings as JSON instead.
 *
 * It runs as a process of its own, which exits as soon as the scan ends:
 * secretlint 12 measures every rule on every file in the background, which
 * costs minutes after a scan of a whole build (fixed in secretlint 13, which
 * needs Node.js 22).
 */
import fs from 'node:fs';
import path from 'node:path';
import {buildDir, repoRoot} from './paths';

export interface SecretFinding {
  file: string;
  line: number;
  column: number;
  rule: string;
  message: string;
}

/** A file that holds a NUL byte in its first 8 KB is binary, as git decides. */
function isBinary(file: string): boolean {
  const handle = fs.openSync(file, 'r');
  try {
    const head = Buffer.alloc(8192);
    return head.subarray(0, fs.readSync(handle, head, 0, head.length, 0)).includes(0);
  } finally {
    fs.closeSync(handle);
  }
}

/** The files of `dir` the scan reads, relative to it, sorted. */
function scannedFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, {recursive: true, withFileTypes: true})
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .filter((file) => !file.endsWith('.gz') && !isBinary(path.join(dir, file)))
    .sort();
}

async function scanForSecrets(dir: string): Promise<{scanned: string[]; findings: SecretFinding[]}> {
  // ES modules, loaded as such from this CommonJS script.
  const {lintSource} = await import('@secretlint/core');
  const {creator: recommended} = await import('@secretlint/secretlint-rule-preset-recommend');
  const config = {rules: [{id: recommended.meta.id, rule: recommended}]};
  const scanned = scannedFiles(dir);
  const findings: SecretFinding[] = [];
  for (const file of scanned) {
    const filePath = path.join(dir, file);
    const source = {filePath, content: fs.readFileSync(filePath, 'utf8'), ext: path.extname(file), contentType: 'text' as const};
    const {messages} = await lintSource({source, options: {config, maskSecrets: true}});
    for (const {ruleId, message, loc} of messages) findings.push({file, line: loc.start.line, column: loc.start.column + 1, rule: ruleId, message});
  }
  return {scanned, findings};
}

const count = (n: number, noun: string) => (n === 0 ? '' : `${n} ${noun}${n === 1 ? '' : 's'}`);

async function main(argv: string[]): Promise<number> {
  const json = argv.includes('--json');
  const dir = path.resolve(argv.find((arg) => !arg.startsWith('--')) ?? buildDir);
  if (!fs.existsSync(dir)) throw new Error(`No ${path.relative(repoRoot, dir)}: run \`npm run build\` first.`);
  const result = await scanForSecrets(dir);
  const where = path.relative(repoRoot, dir) || '.';
  const report = json
    ? JSON.stringify(result)
    : [
        ...result.findings.map(({file, line, column, rule, message}) => `${path.join(where, file)}:${line}:${column}  ${rule}  ${message}`),
        `Scanned ${result.scanned.length} files in ${where}: ${count(result.findings.length, 'finding') || 'no secrets found'}.`,
      ].join('\n');
  await new Promise<void>((resolve) => process.stdout.write(`${report}\n`, () => resolve()));
  return result.findings.length === 0 ? 0 : 1;
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: Error) => {
      console.error(error.message);
      process.exit(2);
    },
  );
}
