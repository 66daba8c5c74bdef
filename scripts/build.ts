/**
 * `npm run build`: the reference (scripts/reference.ts), then Docusaurus's build in two processes, bundling and then
 * rendering the pages from its bundles (lib/build/docusaurus-build-steps.ts), then the outputs for tools, the search
 * files and the gzip copies (scripts/site-outputs.ts). Each step after the first starts beside the step before it,
 * loading its code meanwhile and waiting for its turn (lib/build/build-steps.ts), which comes when that step has
 * ended, or for the outputs when the pages are rendered.
 *
 * Bundling writes no persistent cache (Docusaurus's DOCUSAURUS_NO_PERSISTENT_CACHE): a production build runs cold, in
 * CI and for a deployment, where writing a cache for a next build only costs, about 2 s and 0.2 GB at the build's
 * peak. That memory is what lets the rendering step load beside the bundler; the development server keeps its cache.
 */
import {PAGES_RENDERED, RENDERING_FINISHED, startBuildStep, type BuildStep} from '../lib/build/build-steps';
import {main} from '../lib/main';

const TSX = ['--import', require.resolve('tsx')];
const DOCUSAURUS_BUILD = [require.resolve('@docusaurus/core/bin/docusaurus.mjs'), 'build'];

main(async () => {
  const waiting: BuildStep[] = [];
  const startedEarly = (step: BuildStep) => {
    waiting.push(step);
    return step;
  };
  try {
    const bundling = startedEarly(
      startBuildStep('bundling', DOCUSAURUS_BUILD, {env: {DOCUSAURUS_EXIT_AFTER_BUNDLING: 'true', DOCUSAURUS_NO_PERSISTENT_CACHE: 'true'}, waitsForTurn: true}),
    );
    await startBuildStep('reference', [...TSX, 'scripts/reference.ts']).finished;
    await bundling.go();
    const rendering = startedEarly(startBuildStep('rendering', DOCUSAURUS_BUILD, {env: {DOCUSAURUS_SKIP_BUNDLING: 'true'}, waitsForTurn: true}));
    await bundling.finished;
    await rendering.go();
    const outputs = startedEarly(startBuildStep('outputs', [...TSX, 'scripts/site-outputs.ts'], {waitsForTurn: true}));
    // The outputs read the rendered pages: they start while Docusaurus runs its last checks, and compress the site
    // once its process has exited.
    await rendering.reached(PAGES_RENDERED);
    await outputs.go();
    await rendering.finished;
    outputs.signal(RENDERING_FINISHED);
    await outputs.finished;
  } catch (error) {
    for (const step of waiting) step.stop();
    throw error;
  }
});
