/**
 * The specification's route table and tutorial list: what the portal must
 * serve. The output and browser tests both read it.
 */
export const ROUTES = [
  '/',
  '/api/overview-api-documentation',
  '/api/quick-start',
  '/api/authentication',
  '/api/api-sandbox',
  '/api/tutorials',
  '/api/reference',
  '/cli/overview-cli-documentation',
  '/cli/quick-start',
  '/cli/authentication',
  '/cli/ci',
  '/cli/ci/github-actions',
  '/cli/ci/gitlab-ci',
  '/cli/ci/jenkins',
  '/cli/ci/azure-pipelines',
  '/cli/ci/circleci',
  '/cli/ci/bitbucket-pipelines',
  '/cli/ci/sarif-and-junit',
  '/cli/reference',
  '/cli/reference/findings',
  '/cli/reference/reports',
  '/cli/reference/scans',
  '/cli/reference/schedules',
  '/cli/reference/targets',
  '/concepts/core-concepts-overview',
  '/concepts/target-concept',
  '/concepts/scan-concept',
  '/concepts/finding-concept',
] as const;

/** The tutorials by group, as /api/tutorials/{group}/{slug}. */
export const TUTORIALS: Record<string, string[]> = {
  findings: ['list-findings', 'start-a-retest', 'check-a-retest-result', 'generate-and-download-a-report', 'send-findings-to-jira'],
  scans: [
    'list-scans',
    'start-a-scan',
    'check-scan-completion',
    'pause-and-resume-a-scan',
    'stop-or-cancel-a-scan',
    'export-a-coverage-report',
    'schedule-scans',
  ],
  'target-authentication': ['configure-a-login-form', 'configure-a-login-sequence', 'add-totp-to-a-login-form', 'add-totp-to-a-login-sequence'],
  targets: [
    'create-and-scan-a-web-app-target',
    'create-an-api-target-from-an-openapi-file',
    'create-an-api-target-from-a-postman-collection',
    'create-and-verify-a-domain-target',
    'list-targets',
    'scan-an-internal-application-with-a-scanning-agent',
  ],
};

export const TUTORIAL_ROUTES = Object.entries(TUTORIALS).flatMap(([group, slugs]) => slugs.map((slug) => `/api/tutorials/${group}/${slug}`));

/**
 * One page of every kind the portal serves, for the checks that must hold on
 * all of them (accessibility, security headers, speed).
 */
export const PAGE_KINDS = {
  home: '/',
  overview: '/api/overview-api-documentation',
  concept: '/concepts/scan-concept',
  tutorial: '/api/tutorials/scans/start-a-scan',
  'quick start': '/api/quick-start',
  'reference index': '/api/reference',
  'tag page': '/api/reference/targets',
  'operation page': '/api/reference/targets-list',
  'webhook events page': '/api/reference/webhook-events',
  guide: '/guides/receive-and-verify-webhooks',
  'CLI reference': '/cli/reference/scans',
  search: '/search?q=scan',
  'not-found page': '/no-such-page',
} as const;
