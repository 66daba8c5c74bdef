// The package's own types (unreferenced from its package.json) lack forEachItem and type most results as void.
declare module 'postman-collection' {
  interface PropertyList<T> {
    all(): T[];
    map<U>(iterator: (item: T) => U): U[];
  }

  interface VariableList extends PropertyList<{key: string; value: unknown; description?: {toString(): string}}> {
    get(key: string): unknown;
    one(key: string): {description?: {toString(): string}} | undefined;
    toObject(): Record<string, unknown>;
  }

  export class RequestAuth {
    type: string;
    parameters(): VariableList;
  }

  export class Response {
    code: number;
    status: string;
    body?: string;
  }

  export class Url {
    constructor(definition: string | object);
    path?: string[];
    host?: string[];
    getHost(): string;
    /** With `:name` path variables as written. */
    getPath(unresolved?: boolean): string;
    getQueryString(): string;
    /** Path variables replaced by their values. */
    toString(): string;
  }

  export class Item {
    name: string;
    request: {method: string; auth?: RequestAuth; url: Url};
    responses: PropertyList<Response>;
    parent(): ItemGroup;
    getAuth(): RequestAuth | undefined;
  }

  export class ItemGroup {
    name: string;
    auth?: RequestAuth;
  }

  export class Collection extends ItemGroup {
    constructor(definition: object);
    variables: VariableList;
    forEachItem(callback: (item: Item) => void): void;
  }
}
