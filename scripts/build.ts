/**
 * `npm run build`: the reference (scripts/reference.ts), then Docusaurus's build in two processes, bundling and then
 * rendering the pages from its bundles (lib/build/docusaurus-build-steps.ts), then the outputs for tools, the search
 * files and the gzip copies (scripts/site-outputs.ts). Bundling starts beside the reference and the outputs beside
 * the rendering, each loading its code meanwhile and waiting for its turn (lib/build/build-steps.ts); the rendering
 * starts once bundling has ended: beside the bundler's memory, it would raise the build's peak.
 */
import {startBuildStep, type BuildStep} from '../lib/build/build-steps';
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
    const bundling = startedEarly(startBuildStep('bundling', DOCUSAURUS_BUILD, {env: {DOCUSAURUS_EXIT_AFTER_BUNDLING: 'true'}, waitsForTurn: true}));
    await startBuildStep('reference', [...TSX, 'scripts/reference.ts']).finished;
    await bundling.go();
    await bundling.finished;
    const rendering = startBuildStep('rendering', DOCUSAURUS_BUILD, {env: {DOCUSAURUS_SKIP_BUNDLING: 'true'}});
    const outputs = startedEarly(startBuildStep('outputs', [...TSX, 'scripts/site-outputs.ts'], {waitsForTurn: true}));
    await rendering.finished;
    await outputs.go();
    await outputs.finished;
  } catch (error) {
    for (const step of waiting) step.stop();
    throw error;
  }
});
