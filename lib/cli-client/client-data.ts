/**
 * What the client runs from: the CLI description with the portal's tokens
 * replaced, and, for each operation it names, what a request of it takes
 * from the contract. The build writes it beside the client's bundle
 * (./package.ts); the client reads nothing else.
 */
import type {CliDescription} from '../cli/description';

/** One operation of the contract as the client calls it. */
export interface RequestShape {
  method: string;
  /** Path template, such as `/api/v1/targets/{target_id}/`. */
  path: string;
  pathParameters: string[];
  /** Query parameters, and whether each takes several values. */
  query: Record<string, {array: boolean}>;
  /** Top-level fields of the JSON body, and whether each is a list. */
  body: Record<string, {array: boolean}>;
  /** A list endpoint: it answers pages (`page`, `length`, `page_total`, `results`). */
  paginated: boolean;
  /** The media types of a file the operation answers instead of JSON (a report), which the client saves. */
  download?: string[];
}

export interface ClientData {
  /** The command's name (`{{cli}}`). */
  name: string;
  productName: string;
  productUrl: string;
  description: CliDescription;
  operations: Record<string, RequestShape>;
}

/** The file of the data beside the bundle. */
export const CLIENT_DATA_FILE = 'cli.json';
