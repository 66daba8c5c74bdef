/**
 * `targets create`: the name defaults to the URL's host and the labels to
 * none, as the description says. The API requires both fields, so the client
 * fills them in before the generic request.
 */
import type {RunContext} from '../context';
import type {ExitCodeValue} from '../exit-codes';
import {runGeneric} from './generic';

export function runTargetsCreate(context: RunContext): Promise<ExitCodeValue> {
  const {options} = context.line;
  if (!options.has('name')) options.set('name', new URL(String(options.get('url'))).host);
  if (!options.has('label')) options.set('label', []);
  return runGeneric(context);
}
