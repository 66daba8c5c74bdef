/**
 * What a deployer changes: brand, URLs and the announcement. Every value has a
 * default and an environment variable that overrides it at build time; no
 * other file repeats these values (content uses {{tokens}}, see
 * lib/remark/portal-tokens.ts).
 */
import * as z from 'zod';

const absoluteUrl = z
  .string()
  .url()
  .refine((value) => /^https?:\/\//.test(value), 'must be an http(s) URL')
  .transform((value) => value.replace(/\/+$/, ''));

export const portalConfigSchema = z.object({
  /** Product name shown in titles and prose. */
  productName: z.string().trim().min(1),
  /** Command the CLI is invoked with. */
  cliName: z.string().regex(/^[a-z][a-z0-9-]*$/, 'lowercase letters, digits and dashes'),
  /** The main product site, linked from the navbar. */
  productUrl: absoluteUrl,
  /** The help centre, linked from the navbar and the search's "Let us know." */
  helpUrl: absoluteUrl,
  /** Public base URL of the scanner API. */
  apiUrl: absoluteUrl,
  /**
   * The sandbox: a mock of the API that the reference's try-it panel opens on.
   * Empty means none: the panel then offers the API only. A public site may
   * only name an https sandbox that is not on the reader's own machine (see
   * sandboxProblem).
   */
  sandboxUrl: z.union([z.literal('').transform(() => undefined), absoluteUrl]),
  /** Where the portal is published (canonical URLs, sitemap). */
  siteUrl: absoluteUrl,
  /** Path the portal is served under: "/" or "/some/path/". */
  baseUrl: z.string().regex(/^\/([^/]+\/)*$/, 'must start and end with "/"'),
  /**
   * Cookie through which the product hands a signed-in reader's API token to
   * the portal (readable on the shared parent domain); /js/setJWTTokenValue.js
   * copies it into the try-it panel.
   */
  tokenCookie: z.string().regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, "_" and "-"'),
  /** Announcement bar; an empty text turns the bar off. A new id shows it again to readers who dismissed the old one. */
  announcement: z.object({
    // Written into an inline script of every page (src/plugins/announcement-reset): a plain token.
    id: z.string().regex(/^[A-Za-z0-9._-]+$/, 'letters, digits, ".", "_" and "-" only'),
    // HTML shown in every page: links and emphasis, never a script, which the Content-Security-Policy would not run.
    text: z.string().refine((text) => !/<script\b/i.test(text), 'must not contain a <script> element'),
  }),
  /**
   * The hosted search index (Algolia). Without it, search runs on the local
   * index the build writes, in the browser. The key is the public search-only
   * key, which ships to every reader.
   */
  search: z
    .object({
      appId: z.string().regex(/^[A-Za-z0-9]+$/, 'letters and digits'),
      apiKey: z.string().regex(/^[A-Za-z0-9]+$/, 'letters and digits'),
      indexName: z.string().regex(/^[A-Za-z0-9_.-]+$/, 'letters, digits, "_", "." and "-"'),
    })
    .optional(),
}).superRefine((config, context) => {
  const problem = config.sandboxUrl === undefined ? undefined : sandboxProblem(config.siteUrl, config.sandboxUrl);
  if (problem) context.addIssue({code: 'custom', path: ['sandboxUrl'], message: problem});
});

export type PortalConfig = z.infer<typeof portalConfigSchema>;

/** Environment variable for each setting, in the order the README lists them. */
export const portalEnv = {
  productName: 'PORTAL_PRODUCT_NAME',
  cliName: 'PORTAL_CLI_NAME',
  productUrl: 'PORTAL_PRODUCT_URL',
  helpUrl: 'PORTAL_HELP_URL',
  apiUrl: 'PORTAL_API_URL',
  sandboxUrl: 'PORTAL_SANDBOX_URL',
  siteUrl: 'PORTAL_SITE_URL',
  baseUrl: 'PORTAL_BASE_URL',
  tokenCookie: 'PORTAL_TOKEN_COOKIE',
  announcementId: 'PORTAL_ANNOUNCEMENT_ID',
  announcementText: 'PORTAL_ANNOUNCEMENT_TEXT',
  searchAppId: 'PORTAL_SEARCH_APP_ID',
  searchApiKey: 'PORTAL_SEARCH_API_KEY',
  searchIndexName: 'PORTAL_SEARCH_INDEX_NAME',
} as const;

/** Where `npm run sandbox` answers on the reader's own machine: the sandbox of local builds. */
export const LOCAL_SANDBOX_URL = 'http://127.0.0.1:4010';

/**
 * The key that may write the hosted index, for `npm run search:push` only. The
 * build reads it only to refuse it as the public search key, which every
 * reader's browser receives; it never reaches the site.
 */
export const searchAdminKeyEnv = 'PORTAL_SEARCH_ADMIN_KEY';

export const portalDefaults = {
  productName: 'Vigil',
  cliName: 'vigil',
  productUrl: 'https://vigil.example',
  helpUrl: 'https://help.vigil.example',
  apiUrl: 'https://api.vigil.example',
  sandboxUrl: LOCAL_SANDBOX_URL,
  siteUrl: 'https://docs.vigil.example',
  baseUrl: '/',
  tokenCookie: 'portal_api_token',
  announcementId: 'portal-launch-2026',
  announcementText:
    'The new developer portal is here: the API, the command-line client and the concepts behind them in one place.',
  // Empty: search runs on the local index.
  searchAppId: '',
  searchApiKey: '',
  searchIndexName: '',
} as const satisfies Record<keyof typeof portalEnv, string>;

/** Reads the configuration from an environment; throws one readable error listing every bad variable. */
export function loadPortalConfig(env: NodeJS.ProcessEnv = process.env): PortalConfig {
  const pick = (key: keyof typeof portalEnv): string => env[portalEnv[key]] ?? portalDefaults[key];
  const result = portalConfigSchema.safeParse({
    productName: pick('productName'),
    cliName: pick('cliName'),
    productUrl: pick('productUrl'),
    helpUrl: pick('helpUrl'),
    apiUrl: pick('apiUrl'),
    sandboxUrl: pick('sandboxUrl'),
    siteUrl: pick('siteUrl'),
    baseUrl: pick('baseUrl'),
    tokenCookie: pick('tokenCookie'),
    announcement: {id: pick('announcementId'), text: pick('announcementText')},
    search: hostedSearch(pick('searchAppId'), pick('searchApiKey'), pick('searchIndexName'), env[searchAdminKeyEnv]),
  });
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const [first, second] = issue.path as string[];
      const key = (second === undefined ? first : `${first}${second[0].toUpperCase()}${second.slice(1)}`) as keyof typeof portalEnv;
      return `  ${portalEnv[key]}: ${issue.message}`;
    });
    throw new Error(`Invalid portal configuration (portal.config.ts):\n${problems.join('\n')}`);
  }
  return result.data;
}

/**
 * The hosted search settings when any is given; a partial set is an error, not
 * a silent fallback to the local index, and so is a search key that is the
 * write key.
 */
function hostedSearch(appId: string, apiKey: string, indexName: string, adminKey: string | undefined): PortalConfig['search'] {
  if (!appId && !apiKey && !indexName) return undefined;
  const missing = Object.entries({searchAppId: appId, searchApiKey: apiKey, searchIndexName: indexName}).filter(([, value]) => !value);
  if (missing.length > 0) {
    const names = missing.map(([key]) => portalEnv[key as keyof typeof portalEnv]).join(', ');
    throw new Error(`Invalid portal configuration (portal.config.ts):\n  ${names}: hosted search needs an application id, a search key and an index name, or none of them`);
  }
  if (apiKey === adminKey) {
    throw new Error(
      `Invalid portal configuration (portal.config.ts):\n  ${portalEnv.searchApiKey} is the same key as ${searchAdminKeyEnv}, the key that may write the index; ` +
        `${portalEnv.searchApiKey} reaches every reader's browser, so it must be the index's search-only key.`,
    );
  }
  return {appId, apiKey, indexName};
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
  return /^127\.\d+\.\d+\.\d+$/.test(host) || host === '0.0.0.0' || host === '[::1]' || host === '[::]' || /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(host);
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

/** Values that documentation pages may use as {{token}}. */
export function portalTokens(config: PortalConfig): Record<string, string> {
  return {
    product: config.productName,
    cli: config.cliName,
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
