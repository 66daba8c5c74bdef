/**
 * What a deployer changes: brand, URLs, the announcement and hosted search.
 * One zod schema holds every setting with its environment variable, its
 * default, its description (the README's table is checked against them, in
 * tests/unit/portal-config.test.ts) and the rules across settings. No other
 * file repeats these values (content uses {{tokens}}, see
 * lib/remark/portal-tokens.ts).
 */
import * as z from 'zod';

/** Where `npm run sandbox` answers on the reader's own machine: the sandbox of local builds. */
export const LOCAL_SANDBOX_URL = 'http://127.0.0.1:4010';

/** What the README says of a setting: its variable, its description and, when the value is too long to show, what stands for it. */
type SettingMeta = {
  env: `PORTAL_${string}`;
  description: string;
  shownDefault?: string;
};

/** A setting read from its environment variable, with its default when the variable is unset. */
function setting<T extends z.ZodType<unknown, string>>(schema: T, fallback: string, meta: SettingMeta) {
  return schema.prefault(fallback as z.input<T>).meta(meta);
}

const absoluteUrl = z
  .string()
  .url()
  .refine((value) => /^https?:\/\//.test(value), 'must be an http(s) URL')
  .transform((value) => value.replace(/\/+$/, ''));

/** A count of at least 1, as the environment writes it. */
const positiveWhole = z
  .string()
  .regex(/^[1-9][0-9]*$/, 'a whole number of at least 1')
  .transform(Number)
  .refine((value) => Number.isSafeInteger(value), 'too large');

/** A hosted search setting: empty (local search) or in its format. */
const searchValue = (pattern: RegExp, message: string) => z.union([z.literal(''), z.string().regex(pattern, message)]);

/** Every setting, in the order the README lists them, as the environment gives them. */
const settings = {
  productName: setting(z.string().trim().min(1), 'Vigil', {env: 'PORTAL_PRODUCT_NAME', description: 'Product name in titles and prose.'}),
  cliName: setting(z.string().regex(/^[a-z][a-z0-9-]*$/, 'lowercase letters, digits and dashes'), 'vigil', {
    env: 'PORTAL_CLI_NAME',
    description: 'Command of the CLI; its environment variables use it upper-cased (`VIGIL_API_KEY`).',
  }),
  cliPackage: setting(z.string().regex(/^\S*$/, 'an npm package spec or tarball URL, without spaces'), '', {
    env: 'PORTAL_CLI_PACKAGE',
    description:
      "What readers install the CLI from with `npm install --global`: a package of the vendor's registry such as `@vigil/cli@1.4.0`, or a tarball URL. Empty: the package this portal builds and serves at `/cli/vigil-cli.tgz`.",
    shownDefault: "the portal's own package",
  }),
  productUrl: setting(absoluteUrl, 'https://vigil.example', {env: 'PORTAL_PRODUCT_URL', description: 'Main product site (navbar, footer).'}),
  helpUrl: setting(absoluteUrl, 'https://help.vigil.example', {env: 'PORTAL_HELP_URL', description: 'Help centre (navbar, footer).'}),
  apiUrl: setting(absoluteUrl, 'https://api.vigil.example', {
    env: 'PORTAL_API_URL',
    description: "Public base URL of the scanner API (the contract's first server).",
  }),
  sandboxUrl: setting(z.union([z.literal('').transform(() => undefined), absoluteUrl]), LOCAL_SANDBOX_URL, {
    env: 'PORTAL_SANDBOX_URL',
    description:
      "The sandbox: the server the try-it panel opens on, the contract's second server, and a `connect-src` of the CSP. Empty (`PORTAL_SANDBOX_URL=''`) means none: the contract, the CSP and the panel list the API only, and pages and the Postman collection point readers to the local sandbox (`npm run sandbox`). A public site needs an https sandbox off the reader's machine, or none (below).",
  }),
  siteUrl: setting(absoluteUrl, 'https://docs.vigil.example', {
    env: 'PORTAL_SITE_URL',
    description: 'Where the portal is published (canonical URLs, sitemap).',
  }),
  baseUrl: setting(z.string().regex(/^\/([^/]+\/)*$/, 'must start and end with "/"'), '/', {
    env: 'PORTAL_BASE_URL',
    description: 'Path the portal is served under; starts and ends with `/`.',
  }),
  tokenCookie: setting(z.string().regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, "_" and "-"'), 'portal_api_token', {
    env: 'PORTAL_TOKEN_COOKIE',
    description: "Cookie through which the product hands a signed-in reader's API token to the try-it panel (see below).",
  }),
  // Written into an inline script of every page (src/plugins/announcement-reset): a plain token.
  announcementId: setting(z.string().regex(/^[A-Za-z0-9._-]+$/, 'letters, digits, ".", "_" and "-" only'), 'portal-launch-2026', {
    env: 'PORTAL_ANNOUNCEMENT_ID',
    description:
      'Id of the announcement (letters, digits, `.`, `_` and `-`: it is written into an inline script); a new id shows the bar again to readers who dismissed the old one.',
  }),
  // HTML shown in every page: links and emphasis, never a script, which the Content-Security-Policy would not run.
  announcementText: setting(
    z.string().refine((text) => !/<script\b/i.test(text), 'must not contain a <script> element'),
    'The new developer portal is here: the API, the command-line client and the concepts behind them in one place.',
    {env: 'PORTAL_ANNOUNCEMENT_TEXT', description: 'Announcement text (HTML, without `<script>`); empty turns the bar off.', shownDefault: 'a launch note'},
  ),
  searchAppId: setting(searchValue(/^[A-Za-z0-9]+$/, 'letters and digits'), '', {
    env: 'PORTAL_SEARCH_APP_ID',
    description:
      'Application id of the hosted search index (Algolia). The three search variables go together: all empty, search runs on the local index; all set, on the hosted one.',
  }),
  searchApiKey: setting(searchValue(/^[A-Za-z0-9]+$/, 'letters and digits'), '', {
    env: 'PORTAL_SEARCH_API_KEY',
    description: "Its public search-only key; every reader's browser receives it.",
  }),
  searchIndexName: setting(searchValue(/^[A-Za-z0-9_.-]+$/, 'letters, digits, "_", "." and "-"'), '', {
    env: 'PORTAL_SEARCH_INDEX_NAME',
    description: 'The index name.',
  }),
  // Read only to refuse it as the public search key; it never reaches the site.
  searchAdminKey: setting(z.string(), '', {
    env: 'PORTAL_SEARCH_ADMIN_KEY',
    description:
      'A key that may write the index, for `npm run search:push` only: it never reaches the site. The build and the push refuse a `PORTAL_SEARCH_API_KEY` equal to it.',
  }),
  // The service's state (lib/store/): read by the service only, never by the build or the site.
  databaseUrl: setting(
    z.union([
      z.literal(''),
      z
        .string()
        .url()
        .refine((value) => /^postgres(ql)?:\/\//.test(value), 'must be a postgres:// or postgresql:// URL'),
    ]),
    '',
    {
      env: 'PORTAL_DATABASE_URL',
      description:
        "PostgreSQL for the portal service's state (page feedback, the sandbox's accounts), `postgres://user:password@host:5432/database`; replicas of the service share it. Empty: SQLite in `PORTAL_DATABASE_FILE`.",
    },
  ),
  databaseFile: setting(z.string().min(1), 'feedback/portal.sqlite', {
    env: 'PORTAL_DATABASE_FILE',
    description: "The SQLite file of the service's state when `PORTAL_DATABASE_URL` is empty, relative to the portal's folder; one service only.",
  }),
  feedbackRetentionDays: setting(positiveWhole, '365', {
    env: 'PORTAL_FEEDBACK_RETENTION_DAYS',
    description: 'Page feedback older than this many days is deleted.',
  }),
  feedbackMaxRowsPerPage: setting(positiveWhole, '2000', {
    env: 'PORTAL_FEEDBACK_MAX_ROWS_PER_PAGE',
    description: 'Most feedback kept about one page; more is answered 503 with `Retry-After` until rows expire.',
  }),
  feedbackMaxRows: setting(positiveWhole, '100000', {
    env: 'PORTAL_FEEDBACK_MAX_ROWS',
    description: 'Most feedback kept in all; more is answered 503 with `Retry-After` until rows expire.',
  }),
  sandboxClockSpeed: setting(positiveWhole, '1', {
    env: 'PORTAL_SANDBOX_CLOCK_SPEED',
    description: "How many times faster than real time the sandbox's scans run: at 1 a scan queues 10 s and runs 50 s.",
  }),
  sandboxWebhooks: setting(z.enum(['loopback', 'off']), 'loopback', {
    env: 'PORTAL_SANDBOX_WEBHOOKS',
    description:
      'Where the sandbox sends webhook deliveries (of events and tests): `loopback`, to receivers on its own machine only; `off`, nowhere. A hosted sandbox takes `off`, so that no reader can make it call the services of its host.',
  }),
  sandboxIdleHours: setting(positiveWhole, '24', {
    env: 'PORTAL_SANDBOX_IDLE_HOURS',
    description: "A sandbox account (one per API key) unused for this many hours is deleted; the key's next request starts a fresh one.",
  }),
  sandboxClientAddress: setting(z.enum(['socket', 'x-forwarded-for']), 'socket', {
    env: 'PORTAL_SANDBOX_CLIENT_ADDRESS',
    description:
      "Where the sandbox reads a request's address, which an API user's `allowed_ip_ranges` are held to: `socket`, the connection's; `x-forwarded-for`, the last entry of that header, for a sandbox behind a reverse proxy that appends it (nginx's `$proxy_add_x_forwarded_for`). Only behind such a proxy: elsewhere any client could write the header.",
  }),
};

type SettingName = keyof typeof settings;
const SEARCH_SETTINGS = ['searchAppId', 'searchApiKey', 'searchIndexName'] as const;

/** The settings as the environment gives them, checked one by one and across each other, made into the portal's configuration. */
export const portalConfigSchema = z
  .object(settings)
  .superRefine((values, context) => {
    // Hosted search is all or nothing: a partial set is an error, not a silent fallback to the local index.
    const missing = SEARCH_SETTINGS.filter((name) => !values[name]);
    if (missing.length > 0 && missing.length < SEARCH_SETTINGS.length) {
      context.addIssue({
        code: 'custom',
        path: [missing[0]],
        message: `${missing.map((name) => portalEnv[name]).join(', ')}: hosted search needs an application id, a search key and an index name, or none of them`,
      });
    }
    if (values.searchApiKey && values.searchApiKey === values.searchAdminKey) {
      context.addIssue({
        code: 'custom',
        path: ['searchApiKey'],
        message:
          `${portalEnv.searchApiKey} is the same key as ${portalEnv.searchAdminKey}, the key that may write the index; ` +
          `${portalEnv.searchApiKey} reaches every reader's browser, so it must be the index's search-only key.`,
      });
    }
    const problem = values.sandboxUrl === undefined ? undefined : sandboxProblem(values.siteUrl, values.sandboxUrl);
    if (problem) context.addIssue({code: 'custom', path: ['sandboxUrl'], message: problem});
  })
  .transform(
    ({
      announcementId,
      announcementText,
      searchAppId,
      searchApiKey,
      searchIndexName,
      searchAdminKey: _,
      databaseUrl,
      databaseFile,
      feedbackRetentionDays,
      feedbackMaxRowsPerPage,
      feedbackMaxRows,
      sandboxClockSpeed,
      sandboxWebhooks,
      sandboxIdleHours,
      sandboxClientAddress,
      ...values
    }) => ({
      ...values,
      /** Announcement bar; an empty text turns the bar off. A new id shows it again to readers who dismissed the old one. */
      announcement: {id: announcementId, text: announcementText},
      /** The hosted search index (Algolia); without it, search runs on the local index the build writes. */
      search: searchAppId ? {appId: searchAppId, apiKey: searchApiKey, indexName: searchIndexName} : undefined,
      /** Where the portal's service keeps its state (lib/store/): PostgreSQL when a URL is given, else SQLite in the file. */
      stateStore: {databaseUrl: databaseUrl || undefined, databaseFile},
      /** How much page feedback the service keeps (lib/feedback/store.ts). */
      feedbackBounds: {retentionDays: feedbackRetentionDays, maxRowsPerPage: feedbackMaxRowsPerPage, maxRows: feedbackMaxRows},
      /** The sandbox's clock and how long it keeps an idle account (lib/sandbox/). */
      sandbox: {clockSpeed: sandboxClockSpeed, webhooks: sandboxWebhooks, idleHours: sandboxIdleHours, clientAddress: sandboxClientAddress},
    }),
  );

export type PortalConfig = z.output<typeof portalConfigSchema>;

const metaOf = (name: SettingName) => settings[name].meta() as unknown as SettingMeta;

/** Environment variable of each setting. */
export const portalEnv = Object.fromEntries(Object.keys(settings).map((name) => [name, metaOf(name as SettingName).env])) as Record<SettingName, string>;

/** Default of each setting. */
export const portalDefaults = Object.fromEntries(Object.entries(settings).map(([name, schema]) => [name, schema.def.defaultValue as string])) as Record<
  SettingName,
  string
>;

/** The README's table of settings: variable, default, description. */
export function settingsTable(): string {
  const rows = (Object.keys(settings) as SettingName[]).map((name) => {
    const {env, description, shownDefault} = metaOf(name);
    const value = portalDefaults[name];
    return `| \`${env}\` | ${shownDefault ?? (value === '' ? 'empty' : `\`${value}\``)} | ${description} |`;
  });
  return ['| Variable | Default | Meaning |', '| --- | --- | --- |', ...rows].join('\n');
}

/** Reads the configuration from an environment; throws one readable error listing every bad variable. */
export function loadPortalConfig(env: NodeJS.ProcessEnv = process.env): PortalConfig {
  const result = portalConfigSchema.safeParse(Object.fromEntries(Object.entries(portalEnv).map(([name, variable]) => [name, env[variable]])));
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const variable = portalEnv[issue.path[0] as SettingName];
      return `  ${issue.message.startsWith(`${variable}`) || issue.message.startsWith('PORTAL_') ? issue.message : `${variable}: ${issue.message}`}`;
    });
    throw new Error(`Invalid portal configuration (portal.config.ts):\n${problems.join('\n')}`);
  }
  return result.data;
}

/**
 * Host names that are not a published site's: the loopback names and the
 * names reserved for tests, examples and documentation (RFC 2606, RFC 6761).
 */
const RESERVED_NAMES = ['localhost', 'test', 'example', 'invalid', 'example.com', 'example.net', 'example.org'];

/** Whether a URL's host (as `new URL().hostname` gives it) is the machine the browser runs on. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  // The URL parser has normalised IPv4 (127.1, 2130706433) and IPv6 ([::ffff:127.0.0.1] → [::ffff:7f00:1]) forms.
  return (
    /^127\.\d+\.\d+\.\d+$/.test(host) || host === '0.0.0.0' || host === '[::1]' || host === '[::]' || /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(host)
  );
}

/**
 * Whether the portal at this URL is read by other people: any host but the
 * loopback ones and the reserved names (so the default docs.vigil.example is
 * a local build). Intranet names and private addresses count as public.
 */
export function isPublicSiteUrl(siteUrl: string): boolean {
  const host = new URL(siteUrl).hostname.toLowerCase().replace(/\.$/, '');
  if (isLoopbackHost(host)) return false;
  return !RESERVED_NAMES.some((name) => host === name || host.endsWith(`.${name}`));
}

/**
 * Why a sandbox cannot serve a site, if it cannot: a public site's readers
 * would send their API token, with the try-it panel, to an http sandbox in
 * clear or to a loopback one on their own machine, that is to whatever
 * program listens there.
 */
export function sandboxProblem(siteUrl: string, sandboxUrl: string): string | undefined {
  if (!isPublicSiteUrl(siteUrl)) return undefined;
  const sandbox = new URL(sandboxUrl);
  const loopback = isLoopbackHost(sandbox.hostname);
  if (sandbox.protocol === 'https:' && !loopback) return undefined;
  const risk = loopback
    ? "each reader's browser would send their API token to whatever program listens at that address on their own machine"
    : "readers' API tokens would cross the network unencrypted";
  return (
    `${sandboxUrl} cannot be the sandbox of a public site (PORTAL_SITE_URL is ${siteUrl}): ${risk}. ` +
    "Set PORTAL_SANDBOX_URL to the https URL of a hosted sandbox, or to '' for none (the try-it panel then offers the API only). " +
    'Only a site on localhost, a loopback address or a reserved name (.example, .test, .localhost, .invalid, example.com/.net/.org) may use a local sandbox.'
  );
}

/** Where the portal serves the command-line client's npm package, under its base URL (lib/cli-client/package.ts writes it). */
export const cliPackageSitePath = (cliName: string): string => `cli/${cliName}-cli.tgz`;

/** Values that documentation pages may use as {{token}}. */
export function portalTokens(config: PortalConfig): Record<string, string> {
  return {
    product: config.productName,
    cli: config.cliName,
    // What `npm install --global` installs: the deployer's package, or the tarball of the portal's own build.
    cliPackage: config.cliPackage || `${config.siteUrl}${config.baseUrl}${cliPackageSitePath(config.cliName)}`,
    envPrefix: config.cliName.toUpperCase().replace(/-/g, '_'),
    productUrl: config.productUrl,
    helpUrl: config.helpUrl,
    apiUrl: config.apiUrl,
    sandboxUrl: documentedSandboxUrl(config),
    // The docs' MCP server, which nginx serves at /mcp of the portal's host (deploy/nginx/portal.conf.template).
    mcpUrl: `${new URL(config.siteUrl).origin}/mcp`,
  };
}

/**
 * The sandbox that pages and the Postman collection point readers to: the
 * deployment's, else the one `npm run sandbox` starts on their own machine.
 */
export function documentedSandboxUrl(config: PortalConfig): string {
  return config.sandboxUrl ?? LOCAL_SANDBOX_URL;
}

export const portalConfig = loadPortalConfig();
