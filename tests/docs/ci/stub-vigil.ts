/**
 * A stand-in for the client, for running the CI recipes without the API: its
 * gate (`scans start --wait`, `scans wait`) exits with the code it is given
 * and, as the client does once the scan ended (0, 10, 11), writes the report
 * `--output` asks for; a wrong key fails every command with code 3. It logs
 * each command line, so that a test sees what the recipe ran.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {portalConfig} from '../../../portal.config';
import {keyVariable} from './step-runner';

export interface StubVigil {
  /** The directory holding the stub, to put on PATH. */
  dir: string;
  /** The command lines it ran, in order. */
  calls: () => string[];
  remove: () => void;
}

const SCAN_ID = '5a7e2c91-3d4b-4f6a-8e1c-2b9d0f7a6c35';

export function writeStubVigil(code: number, apiKey: string): StubVigil {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stub-vigil-'));
  const log = path.join(dir, 'calls.log');
  fs.writeFileSync(log, '');
  const script = `#!/usr/bin/env bash
printf '%s\\n' "$*" >> '${log}'
if [ -z "\${${keyVariable}:-}" ] || [ "\${${keyVariable}}" != '${apiKey}' ] || [ ${code} = 3 ]; then
  echo "Error: 401 Unauthorized: the API key is missing, invalid, expired or revoked." >&2
  exit 3
fi
output=table
previous=
for argument in "$@"; do
  case "$previous" in --output|-o) output="$argument" ;; esac
  case "$argument" in --output=*) output="\${argument#--output=}" ;; esac
  previous="$argument"
done
report() {
  case "$output" in
    sarif) printf '%s\\n' '{"$schema": "https://json.schemastore.org/sarif-2.1.0.json", "version": "2.1.0", "runs": [{"tool": {"driver": {"name": "${portalConfig.productName}"}}, "results": []}]}' ;;
    junit) printf '%s\\n' '<?xml version="1.0" encoding="UTF-8"?>' '<testsuites tests="1" failures="${code === 0 ? 0 : 1}"><testsuite name="stub" tests="1" failures="${code === 0 ? 0 : 1}"><testcase classname="${portalConfig.cliName}.coverage" name="The scan covered the whole target"/></testsuite></testsuites>' ;;
    json) printf '%s\\n' '[]' ;;
    *) printf '%s\\n' 'ID  ${SCAN_ID}' ;;
  esac
}
case "$1 $2" in
  "whoami "*) exit 0 ;;
  "scans list") printf '%s\\n' '${SCAN_ID}'; exit 0 ;;
  "findings list") report; exit 0 ;;
  "scans start"|"scans wait")
    case ${code} in 0|10|11) report ;; esac
    [ ${code} = 0 ] || echo "The gate ended with code ${code}." >&2
    exit ${code} ;;
  *) echo "Error: unknown command: $*" >&2; exit 2 ;;
esac
`;
  fs.writeFileSync(path.join(dir, portalConfig.cliName), script, {mode: 0o755});
  return {
    dir,
    calls: () => fs.readFileSync(log, 'utf8').split('\n').filter(Boolean),
    remove: () => fs.rmSync(dir, {recursive: true, force: true}),
  };
}
