/**
 * Readers' words the pages do not use, and the pages' words for them (weighted a
 * little below the word itself, ./query-groups.ts). Add a line when a reader's
 * word misses a page, never a query's whole text; a value of several words asks
 * for all of them.
 */
export const SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  vuln: ['finding', 'vulnerability'],
  vulnerability: ['finding'],
  issue: ['finding'],
  token: ['key'],
  apikey: ['api key'],
  run: ['start'],
  launch: ['start'],
  trigger: ['start'],
  stop: ['cancel'],
  abort: ['cancel'],
  kill: ['cancel'],
  remove: ['delete'],
  '2fa': ['totp'],
  mfa: ['totp'],
  otp: ['totp'],
  mock: ['sandbox'],
  swagger: ['openapi'],
  throttling: ['rate limit'],
  throttle: ['rate limit'],
  throttled: ['rate limit'],
  quota: ['rate limit'],
  lifecycle: ['transition'],
  command: ['cli'],
  terminal: ['cli'],
  ci: ['pipeline'],
  pipeline: ['ci'],
  workflow: ['github actions'],
  gitlab: ['gitlab ci'],
  jenkinsfile: ['jenkins'],
  devops: ['azure pipelines'],
  mcp: ['assistant'],
  ai: ['assistant'],
};
