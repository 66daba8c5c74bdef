/**
 * Which components are taking over the server's markup, and the queue of the
 * parts that hydrate after the page's shell.
 *
 * Hydrating a whole page was one long task: some 90–150 ms of script on a
 * concept page, four times that on Lighthouse's phone, where the budget counts
 * every task's time past 50 ms as blocking. Parts (./HydrateLater.tsx) wait
 * while the shell hydrates, then hydrate in the order the page met them, as
 * many in a task as fit a short slice of time. While any part waits, the root element carries
 * `data-parts-hydrated="false"`: what a test waits for besides Docusaurus's
 * `data-has-hydrated`, before it presses anything.
 */
import {createContext} from 'react';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';

/** Whether the components rendering now take over the server's markup. Read once, as a component mounts: changing it renders nothing again. */
export interface Hydration {
  hydrating: boolean;
}

/** The shell hydrates from the first render until Docusaurus reports the first route update; the server never does. */
const shell: Hydration = {hydrating: ExecutionEnvironment.canUseDOM};

/** The hydration a component belongs to: the shell's, or that of the part it stands in. */
export const HydrationContext = createContext<Hydration>(shell);

/** A part's turn to hydrate: its promise resolves when it comes. */
export interface Turn {
  promise: Promise<void>;
  come: boolean;
}

/**
 * How long parts may hydrate one after another in one task, in ms. Lighthouse's phone counts a task's time four
 * times and blocking past 50 ms: 12.5 ms here, less the overshoot of the part that ends the slice.
 */
const SLICE_MS = 6;

const queue: (() => void)[] = [];
/** Parts on the page whose turn has not come or who have not yet finished hydrating. */
const unfinished = new Set<Turn>();
let sliceStart = 0;
let sliceScheduled = false;

/** Marks the root while any part is unfinished; written when the count leaves or reaches zero, not for every part. */
function markUnfinished(): void {
  const root = document.documentElement.dataset;
  if (unfinished.size > 0 && root.partsHydrated !== 'false') root.partsHydrated = 'false';
  else if (unfinished.size === 0 && root.partsHydrated !== undefined) delete root.partsHydrated;
}

// A slice is scheduled whenever a part waits, not only by the parts that hydrate: a part taken off the page before
// its turn (lazy tabs showing a reader's stored choice, a navigation) never reports, and must not stop the queue.
function scheduleSlice(): void {
  if (sliceScheduled || queue.length === 0) return;
  sliceScheduled = true;
  setTimeout(startSlice);
}

function startSlice(): void {
  sliceScheduled = false;
  sliceStart = performance.now();
  queue.shift()?.();
  scheduleSlice();
}

/** A turn in the queue for a part met while the page hydrates. The first is taken in the task after the shell's. */
export function waitForTurn(): Turn {
  const turn: Turn = {promise: Promise.resolve(), come: false};
  turn.promise = new Promise((resolve) => queue.push(() => ((turn.come = true), resolve())));
  unfinished.add(turn);
  markUnfinished();
  scheduleSlice();
  return turn;
}

/** A part's markup has hydrated: the next part takes its turn in this task while the slice lasts. */
export function partHydrated(part: Hydration): void {
  part.hydrating = false;
  if (queue.length > 0 && performance.now() - sliceStart < SLICE_MS) queue.shift()!();
}

/**
 * A part has seen that the page is in a browser (the theme's components in it have done what they do once
 * hydrated), or has left the page.
 */
export function partFinished(turn: Turn): void {
  unfinished.delete(turn);
  markUnfinished();
}

export function shellHydrated(): void {
  shell.hydrating = false;
}

let pageChanged = false;

/**
 * Whether the reader has followed a link since the page loaded: a part that hydrates now takes over markup the
 * server wrote for the first page, whose attributes hydrating keeps (the sidebar's current link).
 */
export function pageHasChanged(): boolean {
  return pageChanged;
}

/** After a navigation the parts left waiting hydrate at once, if they are still on the page (a link to a heading). */
export function resumeAllParts(): void {
  pageChanged = true;
  for (const resume of queue.splice(0)) resume();
}
