/**
 * The compiled contract as the sandbox reads it: which operation a request
 * makes, with its path parameters, and the examples the seed and the new
 * objects are made from. One OperationIndex (lib/contract/operations.ts), so
 * the sandbox matches requests exactly as the pages' checks do.
 */
import {OperationIndex, type ContractOperation} from '../contract/operations';
import type {Json} from './account-store';

export interface MatchedOperation {
  operation: ContractOperation;
  params: Record<string, string>;
}

export class SandboxOperations {
  constructor(readonly index: OperationIndex) {}

  static load(file?: string): SandboxOperations {
    return new SandboxOperations(OperationIndex.load(file));
  }

  /** The operation of a method and path, with the path's parameters; undefined for what the contract does not have. */
  match(method: string, path: string): MatchedOperation | undefined {
    const operation = this.index.match(method, path);
    if (!operation) return undefined;
    const names = operation.path.split('/');
    const values = path.split('/');
    const params: Record<string, string> = {};
    names.forEach((name, index) => {
      const parameter = /^\{([^}]+)\}$/.exec(name);
      if (parameter) params[parameter[1]] = decodeURIComponent(values[index]);
    });
    return {operation, params};
  }

  /** The first example of an operation's response, a fresh copy. */
  example(operationId: string, status: string): Json {
    const operation = this.index.byId(operationId);
    const example = operation?.responses[status]?.example;
    if (!example || typeof example !== 'object') throw new Error(`The contract has no ${status} example for ${operationId}`);
    return structuredClone(example) as Json;
  }

  /** Every named example of an operation's response, fresh copies. */
  examples(operationId: string, status: string): Json[] {
    return (this.index.byId(operationId)?.responses[status]?.examples ?? []).map(({value}) => structuredClone(value) as Json);
  }

  /** The example objects of a list operation's pages, of every named example (`all-targets`, `api-targets`, ...). */
  listed(operationId: string): Json[] {
    return this.examples(operationId, '200').flatMap((page) => (page.results as Json[] | undefined) ?? []);
  }

  /**
   * The name the contract's examples give each id, the first they show it with (an object, or a reference to it such
   * as a finding's `target`): what the sandbox shows for a reference to an object it keeps no state for.
   */
  referenceNames(): Map<string, string> {
    const names = new Map<string, string>();
    const visit = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(visit);
      else if (value && typeof value === 'object') {
        const {id, name} = value as Json;
        if (typeof id === 'string' && typeof name === 'string' && !names.has(id)) names.set(id, name);
        Object.values(value).forEach(visit);
      }
    };
    for (const operation of this.index.operations)
      for (const response of Object.values(operation.responses)) response.examples.forEach(({value}) => visit(value));
    return names;
  }

  /** The rows of the contract's CSV example of a report: what its findings look like beside the Finding example. */
  reportRows(): Record<string, string>[] {
    const csv = this.index.schemaExample('ReportCsv');
    if (typeof csv !== 'string') throw new Error('The contract has no CSV example of a report (ReportCsv)');
    const [header, ...rows] = csv.trim().split('\n');
    const names = header.split(',');
    return rows.map((row) => Object.fromEntries(row.split(',').map((value, position) => [names[position], value])));
  }
}
