import path from 'node:path';

/** The repository root and the build output, wherever a script is run from. */
export const repoRoot = path.resolve(__dirname, '..');
export const buildDir = path.join(repoRoot, 'build');
