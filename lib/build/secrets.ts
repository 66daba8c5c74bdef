/**
 * secretlint's recommended rules over a folder (the build by default); gzip copies
 * and binary files are skipped, their sources or nothing being scannable. Findings
 * come back masked.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface SecretFinding {
  file: string;
  line: number;
  column: number;
  rule: string;
  message: string;
}

/** A NUL byte near the start means binary, as git decides. */
function isBinary(file: string): boolean {
  const handle = fs.openSync(file, 'r');
  try {
    const head = Buffer.alloc(8192);
    return head.subarray(0, fs.readSync(handle, head, 0, head.length, 0)).includes(0);
  } finally {
    fs.closeSync(handle);
  }
}

function scannedFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, {recursive: true, withFileTypes: true})
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .filter((file) => !file.endsWith('.gz') && !isBinary(path.join(dir, file)))
    .sort();
}

export async function scanForSecrets(dir: string): Promise<{scanned: string[]; findings: SecretFinding[]}> {
  // ES modules, loaded as such from CommonJS.
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
