/**
 * `npm run build`, one step after another: the contract and the reference
 * pages (scripts/reference.ts, in a process of its own), `docusaurus build` in
 * another, then, in this process, the outputs for tools, the search files and
 * the gzip copies (./site-outputs.ts), from the record of the built site Docusaurus
 * leaves (./built-site.ts).
 */
import path from 'node:path';
import {portalConfig} from '../../portal.config';
import {buildDir, repoRoot} from '../paths';
import {readBuiltSite} from './built-site';
import {runStep} from './step-process';

const REFERENCE = ['--import', require.resolve('tsx'), path.join(repoRoot, 'scripts/reference.ts')];
/**
 * The pages render in the process that bundled them, beside the native memory
 * the bundler leaves held: a small heap makes V8 collect their garbage as they
 * go, which keeps the build's peak down (`npm run bench` measures it). A site
 * that outgrows it fails this step, naming the cap.
 */
const DOCUSAURUS = ['--max-old-space-size=512', require.resolve('@docusaurus/core/bin/docusaurus.mjs'), 'build', '--out-dir', buildDir];

export async function build(): Promise<void> {
  // A process of its own: the compiler and generators it loads would otherwise stay in this one while Docusaurus runs.
  await runStep('reference', REFERENCE);
  await runStep('docusaurus', DOCUSAURUS);
  // Loaded only now, for the same reason: the twins' and search files' modules are not needed before.
  const {writeSiteOutputs} = await import('./site-outputs');
  const compressed = await writeSiteOutputs(readBuiltSite(), portalConfig);
  console.log(`Precompressed ${compressed} files of build/.`);
}
