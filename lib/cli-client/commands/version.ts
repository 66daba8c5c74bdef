/** `version`: the client's version and the platform it runs on, without calling the API. */
import type {RunContext} from '../context';
import {ExitCode, type ExitCodeValue} from '../exit-codes';

/** Node's names as Go's, which release files and the description's example use (linux/amd64). */
const ARCH: Record<string, string> = {x64: 'amd64', ia32: '386', arm64: 'arm64'};

export async function runVersion(context: RunContext): Promise<ExitCodeValue> {
  const {version} = context.data.description;
  const os = process.platform === 'win32' ? 'windows' : process.platform;
  const arch = ARCH[process.arch] ?? process.arch;
  if (context.quiet) context.out(version);
  else if (context.format === 'table') context.out(`${context.data.name} ${version} (${os}/${arch})`);
  else context.print({version, os, arch});
  return ExitCode.ok;
}
