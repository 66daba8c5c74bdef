import {describe, expect, it} from 'vitest';
import {observedBlockingMs, type TraceEvent} from '../../bench/observed-blocking';

const PAGE = 2;
const MAIN = 5;
const task = (ts: number, ms: number, tid = MAIN): TraceEvent => ({name: 'RunTask', ph: 'X', pid: PAGE, tid, ts, dur: ms * 1000});
const trace = (...tasks: TraceEvent[]): TraceEvent[] => [
  {name: 'thread_name', ph: 'M', pid: PAGE, tid: MAIN, ts: 0, args: {name: 'CrRendererMain'}},
  {name: 'firstContentfulPaint', ph: 'R', pid: PAGE, tid: MAIN, ts: 1_000_000},
  ...tasks,
];

describe('bench:pages: blocking time from the observed trace', () => {
  it('counts each task after the first paint for what it lasts, slowed, over 50 ms', () => {
    // 20 ms slowed four times is 80 ms, 30 over; 30 ms is 120 ms, 70 over; 10 ms is 40 ms, not long.
    expect(observedBlockingMs(trace(task(1_100_000, 20), task(1_200_000, 30), task(1_300_000, 10)), 4)).toBe(100);
  });

  it('slows a task that laid the page out as much as any other', () => {
    const withLayout = [task(1_100_000, 30), {name: 'Layout', ph: 'X', pid: PAGE, tid: MAIN, ts: 1_110_000, dur: 10_000}];
    expect(observedBlockingMs(trace(...withLayout), 4)).toBe(70);
  });

  it('leaves out tasks before the first paint and on other threads', () => {
    expect(observedBlockingMs(trace(task(900_000, 100), task(1_100_000, 100, MAIN + 1)), 4)).toBe(0);
  });

  it('says what is missing from a trace it cannot read', () => {
    expect(() => observedBlockingMs([task(1_100_000, 20)], 4)).toThrow('no first contentful paint');
  });
});
