/**
 * An operation that answers a file (a report) instead of JSON: the client
 * saves it to --file, or to standard output with `-`, or under the name the
 * API gives it, and says where on standard error.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {ApiClient} from '../api-client';
import type {RequestShape} from '../client-data';
import type {RunContext} from '../context';
import {ExitCode, type ExitCodeValue} from '../exit-codes';
import {buildRequests} from '../requests';

/** The file name of a Content-Disposition header, without any folder. */
const dispositionName = (header: string | null) =>
  header
    ?.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i)?.[1]
    ?.split(/[\\/]/)
    .pop();

/** Saves the file; `reportType` names the kind of report in the message, where the request values do not. */
export async function saveDownload(
  context: RunContext,
  client: ApiClient,
  shape: RequestShape,
  values: Map<string, unknown>,
  reportType = values.get('report_type'),
): Promise<ExitCodeValue> {
  const request = buildRequests(shape, values)[0];
  // Ask for the format the command line names (`--format csv`), where the operation has it.
  const format = values.get('format');
  const wanted = shape.download!.filter((type) => typeof format === 'string' && type.endsWith(`/${format}`));
  const answer = await client.send({...request, accept: wanted.length ? wanted : shape.download});
  const bytes = answer.body as Buffer;
  const file =
    (context.line.options.get('file') as string | undefined) ??
    dispositionName(answer.headers.get('content-disposition')) ??
    `${values.get('report_type') ?? 'report'}.${(answer.headers.get('content-type') ?? wanted[0] ?? 'application/octet-stream').split(';')[0].split('/')[1]}`;
  if (file === '-') {
    process.stdout.write(bytes);
    return ExitCode.ok;
  }
  // A --file in a folder not made yet (reports/pci.csv) is made, as the page's example expects.
  fs.mkdirSync(path.dirname(file), {recursive: true});
  fs.writeFileSync(file, bytes);
  context.err(`Saved the ${typeof reportType === 'string' ? `${reportType} ` : ''}report to ${file} (${Math.max(1, Math.round(bytes.length / 1024))} KB).`);
  if (context.quiet) context.out(file);
  else if (context.format !== 'table') context.print({path: file, size_bytes: bytes.length});
  return ExitCode.ok;
}
