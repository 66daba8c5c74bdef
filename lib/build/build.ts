/**
 * `npm run build`, one step after another: the contract and the reference
 * pages (scripts/reference.ts, in a process of its own), Docusaurus's build in
 * two processes, bundling and then rendering (./docusaurus-build-steps.ts),
 * then, in this process, the outputs for tools, the search files and the gzip
 * copies (./site-outputs.ts), from the record of the built site Docusaurus
 * leaves (./built-site.ts).
 */
import path from 'node:path';
import {portalConfig} from '../../portal.config';
import {repoRoot} from '../paths';
import {readBuiltSite} from './built-site';
import {buildSite} from './docusaurus-build-steps';
import {runStep} from './step-process';

const REFERENCE = ['--import', require.resolve('tsx'), path.join(repoRoot, 'scripts/reference.ts')];

export async function build(): Promise<void> {
  // A process of its own: the compiler and generators it loads would otherwise stay in this one while Docusaurus runs.
  await runStep('reference', REFERENCE);
  await buildSite();
  // Loaded only now, for the same reason: the twins' and search files' modules are not needed before.
  const {writeSiteOutputs} = await import('./site-outputs');
  const compressed = await writeSiteOutputs(readBuiltSite(), portalConfig);
  console.log(`Precompressed ${compressed} files of build/.`);
}
