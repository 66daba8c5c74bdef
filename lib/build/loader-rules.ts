/** The bundler configuration by which a plugin runs a loader of its own over the modules it picks. */
export interface LoaderRule {
  /** Picks the modules, by their resolved file path. */
  test: (resource: string) => boolean;
  /** The loader's file. */
  loader: string;
  options?: Record<string, unknown>;
}

export function loaderRules(rules: LoaderRule[]) {
  return {module: {rules: rules.map(({test, loader, options}) => ({test, use: [{loader, options}]}))}};
}
