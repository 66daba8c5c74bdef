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
  /** The sandbox: a mock of the API that the reference's try-it panel can call. */
  sandboxUrl: absoluteUrl,
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
    id: z.string().trim().min(1),
    text: z.string(),
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

export const portalDefaults = {
  productName: 'Vigil',
  cliName: 'vigil',
  productUrl: 'https://vigil.example',
  helpUrl: 'https://help.vigil.example',
  apiUrl: 'https://api.vigil.example',
  sandboxUrl: 'http://127.0.0.1:4010',
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
    search: hostedSearch(pick('searchAppId'), pick('searchApiKey'), pick('searchIndexName')),
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

/** The hosted search settings when any is given; a partial set is an error, not a silent fallback to the local index. */
function hostedSearch(appId: string, apiKey: string, indexName: string): PortalConfig['search'] {
  if (!appId && !apiKey && !indexName) return undefined;
  const missing = Object.entries({searchAppId: appId, searchApiKey: apiKey, searchIndexName: indexName}).filter(([, value]) => !value);
  if (missing.length > 0) {
    const names = missing.map(([key]) => portalEnv[key as keyof typeof portalEnv]).join(', ');
    throw new Error(`Invalid portal configuration (portal.config.ts):\n  ${names}: hosted search needs an application id, a search key and an index name, or none of them`);
  }
  return {appId, apiKey, indexName};
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
    sandboxUrl: config.sandboxUrl,
  };
}

export const portalConfig = loadPortalConfig();
