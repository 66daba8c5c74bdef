export interface LoaderRule {
  /** Picks modules by their resolved file path. */
  test: (resource: string) => boolean;
  loader: string;
  options?: Record<string, unknown>;
}

export function loaderRules(rules: LoaderRule[]) {
  return {module: {rules: rules.map(({test, loader, options}) => ({test, use: [{loader, options}]}))}};
}
