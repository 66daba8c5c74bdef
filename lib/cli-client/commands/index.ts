/**
 * The commands whose behaviour the description cannot say generically, by
 * their path; every other command runs generically (./generic.ts).
 */
import type {RunContext} from '../context';
import type {ExitCodeValue} from '../exit-codes';
import {runConfigure} from './configure';
import {runFindingsList} from './findings-list';
import {runFindingsRetest} from './findings-retest';
import {runReportsGenerate, runReportsWait} from './report-wait';
import {runScansStart, runScansWait} from './scan-gate';
import {runFindingsGet, runScansGet} from './object-with-list';
import {runSetApiLogin, runUploadSchema} from './target-api';
import {runTargetsCreate} from './targets-create';
import {runVersion} from './version';
import {runWhoami} from './whoami';

export const commandHandlers: Record<string, (context: RunContext) => Promise<ExitCodeValue>> = {
  configure: runConfigure,
  whoami: runWhoami,
  version: runVersion,
  'targets create': runTargetsCreate,
  'targets upload-schema': runUploadSchema,
  'targets set-api-login': runSetApiLogin,
  'scans start': runScansStart,
  'scans get': runScansGet,
  'scans wait': runScansWait,
  'findings list': runFindingsList,
  'findings get': runFindingsGet,
  'findings retest': runFindingsRetest,
  'reports generate': runReportsGenerate,
  'reports wait': runReportsWait,
};

/** Commands that may select a profile the configuration file does not have yet, because they write it. */
export const profileWriters = new Set(['configure']);
