/**
 * The steps of `npm run build` (scripts/build.ts), each a process of its own,
 * one after the other: a step starts once the one before it has finished, or
 * has reached the milestone the step needs (reportMilestone). A step's
 * process may be started earlier, to load its code while the step before it
 * still runs (on the core that step leaves idle), and then waits for its turn
 * (awaitTurn): Docusaurus's bundling and rendering load their command and the
 * site's configuration meanwhile, the outputs for tools their modules, a
 * second and more each. The driver and the step speak over Node's IPC
 * channel: the step says it is ready, the driver says when to go on; the step
 * reports its milestones, and the driver signals what a step may wait for
 * (expectSignal).
 */
import {spawn} from 'node:child_process';
import {repoRoot} from '../paths';

/** Set in the environment of a step started before its turn; awaitTurn clears it once the turn has come. */
const WAITS_FOR_TURN_ENV = 'PORTAL_BUILD_WAITS_FOR_TURN';
/**
 * Set by awaitTurn when the turn has come: the time, in ms since the epoch. In the environment, as Docusaurus loads the
 * configuration's modules afresh each time it reads it.
 */
const TURN_CAME_ENV = 'PORTAL_BUILD_TURN_CAME_MS';

const READY = 'ready';
const GO = 'go';

/** The rendering step's milestone: the pages and the built site's record (./built-site.ts) are written. */
export const PAGES_RENDERED = 'pages-rendered';
/** The driver's signal to the outputs step: the rendering step has exited, so the rest of the site is written too. */
export const RENDERING_FINISHED = 'rendering-finished';

/** A step's report of a milestone, or the driver's signal to a step. */
interface StepMessage {
  milestone?: string;
  signal?: string;
}

/**
 * In a step's process: resolves on the first message of the driver that `matches`, listened for from now; if the
 * driver goes away first (it stopped the build), the step exits.
 */
function driverMessage(matches: (message: unknown) => boolean): Promise<void> {
  return new Promise((resolve) => {
    const onMessage = (message: unknown) => {
      if (!matches(message)) return;
      process.off('message', onMessage);
      process.off('disconnect', onDisconnect);
      resolve();
    };
    const onDisconnect = () => process.exit(1);
    process.on('message', onMessage);
    process.once('disconnect', onDisconnect);
  });
}

/** In a step's process: whether the driver started it before its turn, which has not come yet. */
export const waitingForTurn = (env: NodeJS.ProcessEnv = process.env): boolean => env[WAITS_FOR_TURN_ENV] === 'true' && process.send !== undefined;

/**
 * In a step's process: resolves at once, unless the driver started it before its turn; then tells the driver it is
 * ready and resolves when its turn comes.
 */
export async function awaitTurn(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  if (!waitingForTurn(env)) return;
  const turn = driverMessage((message) => message === GO);
  process.send!(READY);
  await turn;
  // Docusaurus reads its configuration twice in a process: the turn comes once. The channel stays, for milestones
  // and signals; with no listener left, it does not keep the process alive.
  delete env[WAITS_FOR_TURN_ENV];
  env[TURN_CAME_ENV] = String(performance.timeOrigin + performance.now());
}

/** In a step's process: tells the driver the step has reached `milestone`; nothing where no driver started it with a channel. */
export function reportMilestone(milestone: string): void {
  if (process.send && process.connected) process.send({milestone} satisfies StepMessage);
}

/**
 * In a step's process: resolves when the driver sends `signal`, listened for from now, so that a signal sent while the
 * step is busy is not lost; at once where no driver started it with a channel.
 */
export function expectSignal(signal: string): Promise<void> {
  if (!process.send || !process.connected) return Promise.resolve();
  return driverMessage((message) => (message as StepMessage | null)?.signal === signal);
}

/** When this step's turn came (ms since the epoch): when its process started, unless it was started before its turn. */
export function turnCameMs(env: NodeJS.ProcessEnv = process.env): number {
  return env[TURN_CAME_ENV] ? Number(env[TURN_CAME_ENV]) : performance.timeOrigin;
}

/** A step's process, as the driver sees it. */
export interface BuildStep {
  name: string;
  /** Lets a step started before its turn go on; once it is ready. */
  go(): Promise<void>;
  /** Resolves once the step reports `milestone` (reportMilestone), or has exited without it; rejects if it failed first. */
  reached(milestone: string): Promise<void>;
  /** Sends the step a signal, which it may expect (expectSignal). */
  signal(name: string): void;
  /** Resolves when the process exits with code 0; rejects, naming the step, otherwise. */
  finished: Promise<void>;
  /** Ends the process (the build stopped before its turn). */
  stop(): void;
}

/**
 * Starts `args` with this Node (a script and its arguments) as the step `name`; `waitsForTurn`: started before its
 * turn, it loads its code and waits for go(). Its output is this process's.
 */
export function startBuildStep(name: string, args: string[], {env = {}, waitsForTurn = false}: {env?: NodeJS.ProcessEnv; waitsForTurn?: boolean} = {}): BuildStep {
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    stdio: waitsForTurn ? ['ignore', 'inherit', 'inherit', 'ipc'] : ['ignore', 'inherit', 'inherit'],
    env: {...process.env, ...env, ...(waitsForTurn ? {[WAITS_FOR_TURN_ENV]: 'true'} : {})},
  });
  const finished = new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`The build's ${name} step failed (${signal ?? `exit code ${code}`}).`))));
  });
  // Handled here: a step that fails while the driver awaits another is reported when the driver reaches it.
  finished.catch(() => undefined);
  // What the step has reported: READY, then its milestones.
  const reports = new Map<string, {promise: Promise<void>; resolve: () => void}>();
  const report = (milestone: string) => {
    if (!reports.has(milestone)) {
      let resolve = () => {};
      const promise = new Promise<void>((done) => (resolve = done));
      reports.set(milestone, {promise, resolve});
    }
    return reports.get(milestone)!;
  };
  child.on('message', (message: unknown) => report(message === READY ? READY : String((message as StepMessage | null)?.milestone)).resolve());
  const reached = (milestone: string) => Promise.race([report(milestone).promise, finished]);
  return {
    name,
    async go() {
      // A step that exits before it is ready (its code failed to load) fails through `finished`.
      if (waitsForTurn) await reached(READY);
      if (waitsForTurn && child.connected) child.send(GO);
    },
    reached,
    signal: (signal) => void (child.connected && child.send({signal} satisfies StepMessage)),
    finished,
    stop: () => void child.kill(),
  };
}
