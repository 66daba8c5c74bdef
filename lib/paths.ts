import path from 'node:path';

/** The repository root and the build output, wherever a script is run from. */
export const repoRoot = path.resolve(__dirname, '..');
export const buildDir = path.join(repoRoot, 'build');
/** Pages the build generates into docs/ (never committed, never hand-edited): the API and the CLI references. */
export const apiReferenceDir = path.join(repoRoot, 'docs/api/reference');
export const cliReferenceDir = path.join(repoRoot, 'docs/cli/reference');
