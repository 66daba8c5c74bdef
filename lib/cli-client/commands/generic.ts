/**
 * A command the description says all of: it calls the one operation its
 * command line addresses (../requests.ts), reads every page of a list, and
 * prints the answer. A command with a `yes` option asks first, or, outside a
 * terminal, needs --yes.
 */
import readline from 'node:readline/promises';
import type {RunContext} from '../context';
import {ExitCode, usageError, type ExitCodeValue} from '../exit-codes';
import type {RequestShape} from '../client-data';
import {applyListEdits} from '../list-edits';
import {saveDownload} from './download';
import {callOperation, chooseOperation, requestValues} from '../requests';

async function confirmed(context: RunContext): Promise<boolean> {
  if (!context.line.command!.options?.some((option) => option.name === 'yes') || context.line.options.get('yes') === true) return true;
  if (!process.stdin.isTTY) throw usageError(`"${context.line.path}" asks before it acts: outside a terminal, give --yes.`);
  const prompt = readline.createInterface({input: process.stdin, output: process.stderr});
  const answer = await prompt.question(`${context.line.path} ${[...context.line.args.values()].flat().join(' ')}: are you sure? [y/N] `);
  prompt.close();
  return /^y(es)?$/i.test(answer.trim());
}

/** The operations that options given on the command line call of their own (`targets update --team`: move_team), in the command's order. */
function optionOperations(context: RunContext): string[] {
  const {line} = context;
  const given = (line.command!.options ?? []).filter((option) => option.operations && line.options.has(option.name));
  return line.command!.operations.filter((id) => given.some((option) => option.operations!.includes(id)));
}

/** The operation the command line addresses and the request values it gives, list edits applied; `changes` is false for an update given nothing to change. */
async function addressed(context: RunContext, among?: string[]): Promise<{shape: RequestShape; values: Map<string, unknown>; changes: boolean}> {
  const {data, line} = context;
  const id = chooseOperation(data, line.command!, line, among);
  const shape = data.operations[id];
  const values = requestValues(line.command!, line, shape, id);
  const edits = (line.command!.options ?? []).some((option) => /^(add|remove)-/.test(option.name) && line.options.has(option.name));
  const changes = shape.method !== 'PATCH' || edits || Object.keys(shape.body).some((field) => values.has(field));
  // A partial update that changes nothing, and calls nothing else, is a command line missing its options, found before any request.
  if (!changes && !optionOperations(context).length) throw usageError(`"${line.path}" needs at least one option saying what to change.`);
  await applyListEdits(context.client(), data, line.command!, line, shape, values);
  return {shape, values, changes};
}

/** Calls the operation the command line addresses, and gives its answer. */
export async function callCommand(context: RunContext, among?: string[]): Promise<unknown> {
  const {shape, values} = await addressed(context, among);
  return callOperation(context.client(), shape, values, context.line.options.get('limit') as number | undefined);
}

export async function runGeneric(context: RunContext): Promise<ExitCodeValue> {
  if (!(await confirmed(context))) {
    context.err('Nothing was changed.');
    return ExitCode.ok;
  }
  const {shape, values, changes} = await addressed(context);
  if (shape.download) return saveDownload(context, context.client(), shape, values);
  let result = changes ? await callOperation(context.client(), shape, values, context.line.options.get('limit') as number | undefined) : undefined;
  // Then what the options given call of their own; the last answer is the object as it ends.
  for (const id of optionOperations(context)) {
    result = await callOperation(
      context.client(),
      context.data.operations[id],
      requestValues(context.line.command!, context.line, context.data.operations[id], id),
    );
  }
  if (result === undefined) {
    // An answer without a body (a deletion): the last id of the command line is what it acted on.
    const id = [...context.line.args.values()].flat().at(-1);
    context.err(`Done: ${context.line.path} ${id ?? ''}`.trim());
    if (context.quiet) context.out(id ?? '');
    else if (context.format !== 'table') context.print({id, deleted: true});
    return ExitCode.ok;
  }
  context.print(result);
  return ExitCode.ok;
}
