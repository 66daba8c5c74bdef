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

  /** The example objects of a list operation's first page. */
  listed(operationId: string): Json[] {
    return (this.example(operationId, '200').results as Json[] | undefined) ?? [];
  }
}
