/**
 * What a scan of a target meets, chosen by the target's host so a reader can
 * try each outcome: a host (or any subdomain of it) below gives its scenario,
 * every other host a clean run. The hosts are under `.example`, reserved for
 * examples: no real site is named.
 */
export type Scenario = 'clean' | 'login_failed' | 'crawl_limit_reached' | 'failed';

export const SCENARIO_HOSTS: Record<Exclude<Scenario, 'clean'>, string> = {
  login_failed: 'login-fails.example',
  crawl_limit_reached: 'crawl-limit.example',
  failed: 'unreachable.example',
};

export function scenarioOf(targetUrl: unknown): Scenario {
  let host = '';
  try {
    host = new URL(String(targetUrl)).hostname;
  } catch {
    return 'clean';
  }
  for (const [scenario, scenarioHost] of Object.entries(SCENARIO_HOSTS)) {
    if (host === scenarioHost || host.endsWith(`.${scenarioHost}`)) return scenario as Scenario;
  }
  return 'clean';
}

/** The scan's coverage at its end in each scenario: what the contract's `ScanCoverage` says of it. */
export function finalCoverage(scenario: Scenario, base: Record<string, unknown>): Record<string, unknown> {
  switch (scenario) {
    case 'login_failed':
      return {...base, complete: false, gaps: ['login_failed'], login: 'failed', crawl_limit_reached: false};
    case 'crawl_limit_reached':
      return {...base, complete: false, gaps: ['crawl_limit_reached'], login: 'succeeded', crawl_limit_reached: true};
    case 'failed':
      return {...base, complete: false, gaps: ['target_unreachable'], login: 'pending', crawl_limit_reached: false, pages_crawled: 0, endpoints_tested: 0};
    default:
      return {...base, complete: true, gaps: [], login: 'succeeded', crawl_limit_reached: false};
  }
}

/** A target on this host (or a subdomain) keeps its vulnerabilities: a re-test of its findings answers `still_open`; elsewhere `fixed`. */
export const STILL_VULNERABLE_HOST = 'still-vulnerable.example';

/**
 * A re-test's verdict: `still_open` on the still-vulnerable host, and for a finding whose latest re-test found it
 * still open, as the contract's example finding's did (no fix came since); elsewhere `fixed`.
 */
export const retestVerdict = (targetUrl: unknown, latest: unknown): 'fixed' | 'still_open' => {
  if (latest === 'still_open') return 'still_open';
  try {
    const host = new URL(String(targetUrl)).hostname;
    return host === STILL_VULNERABLE_HOST || host.endsWith(`.${STILL_VULNERABLE_HOST}`) ? 'still_open' : 'fixed';
  } catch {
    return 'fixed';
  }
};

export const FAILURE_REASON = 'The target stayed unreachable: every request to it timed out.';
