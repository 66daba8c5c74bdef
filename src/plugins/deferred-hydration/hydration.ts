/**
 * Hydrating a whole page is one long task; parts (./HydrateLater.tsx) wait while
 * the shell hydrates, then hydrate in page order, as many per task as fit a short
 * slice. While any part waits the root carries `data-parts-hydrated="false"`,
 * which tests wait for.
 */
import {createContext, useContext, useEffect, useState} from 'react';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';

/** Read once, as a component mounts: changing it renders nothing again. */
export interface Hydration {
  hydrating: boolean;
}

/** Until Docusaurus reports the first route update; the server never does. */
const shell: Hydration = {hydrating: ExecutionEnvironment.canUseDOM};

export const HydrationContext = createContext<Hydration>(shell);

/** False while the calling component hydrates, with the shell or its part; true from then on, and at once for one mounted later. */
export function useHydrated(): boolean {
  const hydration = useContext(HydrationContext);
  const [hydrated, setHydrated] = useState(!hydration.hydrating);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

export interface Turn {
  promise: Promise<void>;
  come: boolean;
}

/** Sized so that a slice stays under the long-task threshold on Lighthouse's throttled phone. */
const SLICE_MS = 6;

const queue: (() => void)[] = [];
const unfinished = new Set<Turn>();
let sliceStart = 0;
let sliceScheduled = false;

/** Written when the count leaves or reaches zero, not for every part. */
function markUnfinished(): void {
  const root = document.documentElement.dataset;
  if (unfinished.size > 0 && root.partsHydrated !== 'false') root.partsHydrated = 'false';
  else if (unfinished.size === 0 && root.partsHydrated !== undefined) delete root.partsHydrated;
}

// Scheduled whenever a part waits: a part taken off the page before its turn never reports, and must not stop the queue.
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

/** The first turn is taken in the task after the shell's. */
export function waitForTurn(): Turn {
  const turn: Turn = {promise: Promise.resolve(), come: false};
  turn.promise = new Promise((resolve) => queue.push(() => ((turn.come = true), resolve())));
  unfinished.add(turn);
  markUnfinished();
  scheduleSlice();
  return turn;
}

export function partHydrated(part: Hydration): void {
  part.hydrating = false;
  if (queue.length > 0 && performance.now() - sliceStart < SLICE_MS) queue.shift()!();
}

/** A part has seen that the page is in a browser, or has left the page. */
export function partFinished(turn: Turn): void {
  unfinished.delete(turn);
  markUnfinished();
}

export function shellHydrated(): void {
  shell.hydrating = false;
}

let pageChanged = false;

/** A part hydrating after a navigation would take over markup written for the first page, whose attributes hydrating keeps. */
export function pageHasChanged(): boolean {
  return pageChanged;
}

/** After a navigation, parts left waiting hydrate at once if still on the page (a link to a heading). */
export function resumeAllParts(): void {
  pageChanged = true;
  for (const resume of queue.splice(0)) resume();
}
