/**
 * The CI recipes of docs/cli/ci/, run as far as a machine can without the CI
 * service: `runRecipe(page, {trigger, vigilDir, settings, env})` runs the jobs
 * the page's configuration file starts for a pull request or the nightly
 * schedule, with whatever `vigil` the caller puts in vigilDir (a stub), or
 * with the real client installed by the recipe's own step from the package
 * URL given, pointed at the sandbox through `env`.
 */
import {docCodeBlocks, type DocCodeBlock} from '../../doc-code-blocks';
import {azurePipelines} from './azure-pipelines';
import {bitbucketPipelines} from './bitbucket-pipelines';
import {circleci} from './circleci';
import {githubActions} from './github-actions';
import {gitlabCi} from './gitlab-ci';
import {jenkins} from './jenkins';
import {runJob, type CiSystem, type JobRun, type RunOptions, type Trigger} from './step-runner';

export type {JobRun, ProjectSettings, RunOptions, StepRun, Trigger} from './step-runner';

export const CI_SYSTEMS: CiSystem[] = [githubActions, gitlabCi, jenkins, azurePipelines, circleci, bitbucketPipelines];

export interface Recipe {
  system: CiSystem;
  block: DocCodeBlock;
}

export interface RecipeRun {
  page: string;
  system: string;
  trigger: Trigger;
  jobs: JobRun[];
}

const titleOf = (block: DocCodeBlock) => /title="([^"]*)"/.exec(block.meta)?.[1] ?? '';

/** The configuration files of CI systems a page shows, each with its system. */
export function ciRecipes(page: string): Recipe[] {
  return docCodeBlocks(page).flatMap((block) => {
    const system = CI_SYSTEMS.find((each) => each.file.test(titleOf(block)));
    return system ? [{system, block}] : [];
  });
}

/** The page's one configuration file of a CI system, and that system. */
export function ciRecipe(page: string): Recipe {
  const found = ciRecipes(page);
  if (found.length !== 1) throw new Error(`${page}: expected one CI configuration file, found ${found.length}`);
  return found[0];
}

/** Runs the jobs a trigger starts, one after the other, each in a working directory of its own. */
export async function runRecipe(recipe: Recipe | string, options: RunOptions): Promise<RecipeRun> {
  const {system, block} = typeof recipe === 'string' ? ciRecipe(recipe) : recipe;
  const jobs: JobRun[] = [];
  for (const job of system.jobs(block, options)) jobs.push(await runJob(job, options));
  return {page: block.file, system: system.name, trigger: options.trigger, jobs};
}
