import {describe, expect, it} from 'vitest';
import {hostReading} from '../../bench/lighthouse-host';

const slowHost = 'The tested device appears to have a slower CPU than  Lighthouse expects.';
const run = (benchmarkIndex: number, runWarnings: string[] = []) => ({environment: {benchmarkIndex} as never, runWarnings});

describe('bench:pages reads the host Lighthouse measured on', () => {
  it("reports the median of the runs' benchmark indexes", () => {
    expect(hostReading([run(1390), run(745), run(1200)]).benchmarkIndex).toBe(1200);
  });

  it("counts each of Lighthouse's warnings once per run that gave it", () => {
    const reading = hostReading([run(745, [slowHost, slowHost]), run(1390), run(790, [slowHost, 'Another warning.'])]);
    expect(reading.warnings).toEqual([
      {warning: slowHost, runs: 2},
      {warning: 'Another warning.', runs: 1},
    ]);
  });

  it('has no warnings when no run gave one', () => {
    expect(hostReading([run(1500), run(1600)]).warnings).toEqual([]);
  });
});
