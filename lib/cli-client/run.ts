/**
 * One run of the client: reads the command line, runs its command and
 * returns the exit code. A command's failure prints its message on standard
 * error and returns its code; an unexpected error is a bug, printed with its
 * stack, exit code 1.
 */
import type {ClientData} from './client-data';
import {parseCommandLine} from './command-line';
import {commandHandlers, profileWriters} from './commands';
import {runGeneric} from './commands/generic';
import {createContext} from './context';
import {CliExit, ExitCode, usageError} from './exit-codes';
import {usage} from './usage';

export async function runCli(data: ClientData, argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  try {
    const line = parseCommandLine(data.description, argv);
    if (line.help) {
      if (argv.length === 0) throw usageError(usage(data));
      process.stdout.write(`${usage(data, line.command && line.path)}\n`);
      return ExitCode.ok;
    }
    const context = createContext(data, line, env, profileWriters.has(line.path!));
    return await (commandHandlers[line.path!] ?? runGeneric)(context);
  } catch (error) {
    if (error instanceof CliExit) {
      process.stderr.write(`${error.message}\n`);
      return error.code;
    }
    process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
    return ExitCode.failed;
  }
}
