/**
 * `npm run bench`: a cold production build, measured (bench/results/latest.json):
 * wall time, peak memory of the process tree, output size, what the outputs for
 * tools add, and representative pages' weight in Chromium.
 */
import {spawn} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {chromium} from '@playwright/test';
import {chromiumLaunchOptions} from '../tests/browser/chromium';
import {main} from '../lib/main';
import {buildDir, LLMS_FILE, LLMS_FULL_FILE, POSTMAN_FILE, repoRoot} from '../lib/paths';
import {DONE_LINE} from '../lib/markdown-twin/tool-outputs';
import {POSTMAN_DONE_LINE} from '../lib/postman/collection-file';
import {startStaticServer} from '../lib/serve/static-server';
import {budgets} from './budgets';
import {BENCH_PAGES} from './page-kinds';
import {measurePageWeight, type PageWeight} from './page-weight';
import {treeRssBytes} from './process-tree';

interface BuildFigures {
  wallSeconds: number;
  peakRssBytes: number;
  /** What the outputs for tools add: the step writing them, as it timed itself, and the reference step's wait for the Postman collection's thread. */
  llmsOutputsSeconds: number;
}

/** The whole production build, `npm run build`: contract, reference pages, site. */
function coldBuild(): Promise<BuildFigures> {
  for (const dir of [buildDir, path.join(repoRoot, '.docusaurus'), path.join(repoRoot, 'node_modules/.cache')]) {
    fs.rmSync(dir, {recursive: true, force: true});
  }
  const started = process.hrtime.bigint();
  const child = spawn('npm', ['run', 'build'], {cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit']});
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  let peakRssBytes = 0;
  const sampler = setInterval(() => {
    peakRssBytes = Math.max(peakRssBytes, treeRssBytes(child.pid!));
  }, 100);
  return new Promise((resolve, reject) => {
    child.on('exit', (code) => {
      clearInterval(sampler);
      const llmsOutputs = DONE_LINE.exec(stdout);
      const postmanWait = POSTMAN_DONE_LINE.exec(stdout);
      if (code !== 0) reject(new Error(`npm run build exited with ${code}`));
      else if (!llmsOutputs || !postmanWait) reject(new Error('The build did not print the time of its outputs for tools'));
      else {
        const llmsOutputsSeconds = Number(llmsOutputs[1]) + Number(postmanWait[1]);
        resolve({wallSeconds: Number(process.hrtime.bigint() - started) / 1e9, peakRssBytes, llmsOutputsSeconds});
      }
    });
  });
}

function outputFigures(): {pages: number; outputBytes: number; llmsOutputBytes: Record<string, number>} {
  const files = fs.readdirSync(buildDir, {recursive: true, withFileTypes: true}).filter((entry) => entry.isFile());
  const size = (entry: fs.Dirent) => fs.statSync(path.join(entry.parentPath, entry.name)).size;
  const sizeOf = (name: string) => fs.statSync(path.join(buildDir, name)).size;
  return {
    pages: files.filter((entry) => entry.name.endsWith('.html') && entry.name !== '404.html').length,
    outputBytes: files.reduce((sum, entry) => sum + size(entry), 0),
    llmsOutputBytes: {
      'Markdown twins': files.filter((entry) => entry.name.endsWith('.md')).reduce((sum, entry) => sum + size(entry), 0),
      [LLMS_FILE]: sizeOf(LLMS_FILE),
      [LLMS_FULL_FILE]: sizeOf(LLMS_FULL_FILE),
      [POSTMAN_FILE]: sizeOf(POSTMAN_FILE),
    },
  };
}

async function measurePages(): Promise<PageWeight[]> {
  const server = await startStaticServer({root: buildDir});
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const weights: PageWeight[] = [];
    for (const page of BENCH_PAGES) weights.push(await measurePageWeight(browser, server.url, page));
    return weights;
  } finally {
    await browser.close();
    await server.close();
  }
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const within = (value: number, budget: number) => (value <= budget ? 'ok' : 'OVER');

async function run(): Promise<void> {
  const build = await coldBuild();
  const output = outputFigures();
  const pages = await measurePages();
  const result = {date: new Date().toISOString(), build, output, pages, budgets};
  fs.mkdirSync(path.join(repoRoot, 'bench/results'), {recursive: true});
  fs.writeFileSync(path.join(repoRoot, 'bench/results/latest.json'), `${JSON.stringify(result, null, 2)}\n`);

  console.log('\nCold production build');
  console.table({
    'wall time': {value: `${build.wallSeconds.toFixed(1)} s`, budget: `${budgets.buildSeconds} s`, status: within(build.wallSeconds, budgets.buildSeconds)},
    'peak RSS (process tree)': {
      value: `${(build.peakRssBytes / 1e9).toFixed(2)} GB`,
      budget: `${budgets.buildPeakRssBytes / 1e9} GB`,
      status: within(build.peakRssBytes, budgets.buildPeakRssBytes),
    },
    pages: {value: String(output.pages), budget: '', status: ''},
    'output size': {value: `${(output.outputBytes / 1e6).toFixed(2)} MB`, budget: '', status: ''},
  });
  const added = build.llmsOutputsSeconds / (build.wallSeconds - build.llmsOutputsSeconds);
  const toolBytes = Object.values(output.llmsOutputBytes).reduce((sum, bytes) => sum + bytes, 0);
  const ofOutput = (bytes: number) => `${((bytes / output.outputBytes) * 100).toFixed(1)} % of the output`;
  console.log('Outputs for tools (Markdown twins, llms.txt, llms-full.txt, Postman collection)');
  console.table({
    'time they add to the cold build': {
      value: `${build.llmsOutputsSeconds.toFixed(1)} s (+${(added * 100).toFixed(1)} %)`,
      budget: `+${budgets.llmsOutputsBuildShare * 100} %`,
      status: within(added, budgets.llmsOutputsBuildShare),
    },
    ...Object.fromEntries(Object.entries(output.llmsOutputBytes).map(([name, bytes]) => [name, {value: kb(bytes), budget: '', status: ofOutput(bytes)}])),
    total: {value: kb(toolBytes), budget: '', status: ofOutput(toolBytes)},
  });
  console.log('Page weight (fresh browser, until network idle)');
  console.table(
    Object.fromEntries(
      pages.map((page) => [
        page.path,
        {
          HTML: kb(page.htmlBytes),
          'HTML gzip': kb(page.htmlGzipBytes),
          'JS files': page.jsFiles,
          JS: kb(page.jsBytes),
          'JS gzip': kb(page.jsGzipBytes),
          'JS budget': within(page.jsGzipBytes, budgets.pageJsGzipBytes),
        },
      ]),
    ),
  );
  console.log('Written to bench/results/latest.json');
}

main(run);
