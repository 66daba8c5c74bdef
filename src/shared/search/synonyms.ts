/**
 * Words readers type that the pages do not use, and the words the pages use
 * for the same thing. A query word also finds its synonyms' pages (weighted a
 * little below the word itself, ./query-groups.ts), so "vuln" finds
 * the findings pages and "api token" the API key. Kept as data, one line per
 * word, because it names this product's vocabulary: add a line when a reader's
 * word misses a page (bench/search/queries.yaml), never a query's whole text.
 * Keys and values are words as written; the engine reads them as its index
 * keeps words (lower case, singular: "devops" is looked up as "devop"). A
 * value of several words asks for all of them ("rate limit").
 */
export const SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  // The scanner reports findings; readers say vulnerabilities.
  vuln: ['finding', 'vulnerability'],
  vulnerability: ['finding'],
  issue: ['finding'],
  // The API authenticates with API keys.
  token: ['key'],
  apikey: ['api key'],
  // A scan is started, canceled, paused.
  run: ['start'],
  launch: ['start'],
  trigger: ['start'],
  stop: ['cancel'],
  abort: ['cancel'],
  kill: ['cancel'],
  // Deletion.
  remove: ['delete'],
  // Target authentication: one-time passwords.
  '2fa': ['totp'],
  mfa: ['totp'],
  otp: ['totp'],
  // The sandbox mocks the API.
  mock: ['sandbox'],
  swagger: ['openapi'],
  // Rate limits.
  throttling: ['rate limit'],
  throttle: ['rate limit'],
  throttled: ['rate limit'],
  quota: ['rate limit'],
  // A scan's statuses and their transitions.
  lifecycle: ['status', 'transition'],
  // The CLI.
  command: ['cli'],
  terminal: ['cli'],
  // CI systems, as readers shorten them.
  ci: ['pipeline'],
  pipeline: ['ci'],
  workflow: ['github actions'],
  gitlab: ['gitlab ci'],
  jenkinsfile: ['jenkins'],
  devops: ['azure pipelines'],
  // Assistants connect through the MCP server.
  mcp: ['assistant'],
  ai: ['assistant'],
};
