/**
 * `npm run check:secrets [dir]`: the secret scan (lib/build/secrets.ts) over every
 * file the build wrote; `--json` prints files and findings as JSON. It exits as
 * soon as the scan ends, since secretlint 12 goes on measuring every rule in the
 * background.
 */
import fs from 'node:fs';
import path from 'node:path';
import {scanForSecrets} from '../lib/build/secrets';
import {main} from '../lib/main';
import {buildDir, repoRoot} from '../lib/paths';

const count = (n: number, noun: string) => (n === 0 ? '' : `${n} ${noun}${n === 1 ? '' : 's'}`);

main(async () => {
  const argv = process.argv.slice(2);
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
  process.exit(result.findings.length === 0 ? 0 : 1);
});
