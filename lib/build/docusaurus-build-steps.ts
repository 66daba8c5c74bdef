/**
 * `npm run build` runs Docusaurus's build in two processes: the first bundles
 * and exits (`DOCUSAURUS_EXIT_AFTER_BUNDLING`), the second renders the pages
 * from the bundles the first wrote (`DOCUSAURUS_SKIP_BUNDLING`). In one process
 * the pages were rendered beside the 1.4 GB the bundler leaves it holding,
 * which made the build's peak. Both flags are read by @docusaurus/core's
 * `buildLocale`, undocumented: if a release stops honouring one, the build
 * would still succeed, bundling twice or rendering with the bundler's memory,
 * so the step that notices stops the build instead (PATCHES.md).
 */

/** Docusaurus's build as `npm run build` runs it: which of its two steps a process is. */
export type DocusaurusBuildStep = 'bundle' | 'render' | 'whole';

export function docusaurusBuildStep(env: NodeJS.ProcessEnv): DocusaurusBuildStep {
  if (env.DOCUSAURUS_EXIT_AFTER_BUNDLING === 'true') return 'bundle';
  if (env.DOCUSAURUS_SKIP_BUNDLING === 'true') return 'render';
  return 'whole';
}

/**
 * Throws when the pages were rendered in a way the step forbids: by the bundling
 * step (Docusaurus went on past bundling), or by the rendering step from a
 * client manifest written after that step's turn came (it bundled again).
 */
export function checkRenderedStep(step: DocusaurusBuildStep, clientManifestWrittenMs: number, turnCameMs: number): void {
  if (step === 'bundle') {
    throw new Error(
      'Docusaurus rendered the pages in the bundling step: it no longer exits after bundling with DOCUSAURUS_EXIT_AFTER_BUNDLING=true (PATCHES.md).',
    );
  }
  if (step === 'render' && clientManifestWrittenMs >= turnCameMs) {
    throw new Error(
      'Docusaurus bundled again in the rendering step: it no longer skips bundling with DOCUSAURUS_SKIP_BUNDLING=true (PATCHES.md).',
    );
  }
}
