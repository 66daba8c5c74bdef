/**
 * The two search UIs the bench drives: the portal's DocSearch modal over its
 * local client, and the search bar of `@easyops-cn/docusaurus-search-local`
 * (autocomplete.js over lunr in a web worker).
 */
import type {Page} from '@playwright/test';
import {ANSWER_MEASURE} from '../../src/shared/search/local-client';
import type {SearchUi} from './browser';

type Recorded = {__searchEngine: {times: number[]; answers: {input: string; pages: string[]}[]}};

/** Takes the engine times the page recorded since the last call. */
const takeEngineTimes = (page: Page) => page.evaluate(() => (window as unknown as Recorded).__searchEngine.times.splice(0));

/** The portal's client names each answer in the performance timeline (src/shared/search/local-client.ts): its duration is the engine's time. */
function observeAnswers(measure: string): void {
  const recorded: Recorded['__searchEngine'] = {times: [], answers: []};
  (window as unknown as Recorded).__searchEngine = recorded;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === measure) recorded.times.push(entry.duration);
  }).observe({type: 'measure'});
}

export const portalUi: SearchUi = {
  input: '.DocSearch-Input',
  hit: '.DocSearch-Hit',
  results: '.DocSearch-Dropdown',
  // The hits in the order the modal shows them (grouped by section of the site, as DocSearch groups).
  rankedPages: (page) => page.$$eval('.DocSearch-Hit a', (links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname)),
  engineTimes: takeEngineTimes,
  init: {script: observeAnswers, arg: ANSWER_MEASURE},
};

/**
 * The anchor searches in a web worker through Comlink: watching the worker's
 * messages gives the engine's time as the bar waits for it, and its results in the
 * order the bar lists them.
 */
function watchWorkerMessages(): void {
  const recorded: Recorded['__searchEngine'] = {times: [], answers: []};
  (window as unknown as Recorded).__searchEngine = recorded;
  type Message = {id?: string; type?: string; path?: string[]; argumentList?: {value?: unknown}[]; value?: unknown};
  const sent = new Map<string, {at: number; input: string}>();
  const watched = new WeakSet<EventTarget>();
  const onAnswer = ({data}: MessageEvent<Message>) => {
    const call = data?.id === undefined ? undefined : sent.get(data.id);
    if (!call || !Array.isArray(data.value)) return;
    recorded.times.push(performance.now() - call.at);
    recorded.answers.push({input: call.input, pages: data.value.map(({document}: {document: {u: string}}) => document.u)});
  };
  for (const target of [Worker.prototype, MessagePort.prototype]) {
    const post = target.postMessage as (this: Worker | MessagePort, message: Message, ...rest: unknown[]) => void;
    target.postMessage = function (this: Worker | MessagePort, message: Message, ...rest: unknown[]) {
      if (message?.id && message.type === 'APPLY' && message.path?.at(-1) === 'search') {
        sent.set(message.id, {at: performance.now(), input: String(message.argumentList?.[2]?.value ?? '')});
        if (!watched.has(this)) {
          watched.add(this);
          this.addEventListener('message', onAnswer as EventListener);
        }
      }
      post.call(this, message, ...rest);
    } as typeof target.postMessage;
  }
}

export const anchorUi: SearchUi = {
  input: '.navbar__search-input',
  hit: '.navbar__search [role="listbox"] [role="option"]',
  results: '.navbar__search [role="listbox"]',
  rankedPages: (page) =>
    page.evaluate(() => {
      const input = document.querySelector<HTMLInputElement>('.navbar__search-input')!.value;
      return (window as unknown as Recorded).__searchEngine.answers.filter((answer) => answer.input === input).pop()?.pages ?? [];
    }),
  engineTimes: takeEngineTimes,
  init: {script: watchWorkerMessages, arg: ''},
};
