import {describe, expect, it} from 'vitest';
import {inlineScripts} from '../../lib/deploy/inline-scripts';
import {announcementResetScript} from '../../src/plugins/announcement-reset';

/** The inline scripts a browser finds in a page whose head carries the script. */
const scriptsOfPage = (script: string) => inlineScripts(`<!doctype html><html><head><script>${script}</script></head><body><p>Page</p></body></html>`);

describe('the announcement reset script', () => {
  it('clears a dismissal of another id', () => {
    const storage = new Map([
      ['docusaurus.announcement.id', 'old'],
      ['docusaurus.announcement.dismiss', 'true'],
    ]);
    const localStorage = {getItem: (key: string) => storage.get(key) ?? null, removeItem: (key: string) => storage.delete(key)};
    new Function('localStorage', announcementResetScript('old'))(localStorage);
    expect(storage.get('docusaurus.announcement.dismiss')).toBe('true');
    new Function('localStorage', announcementResetScript('new'))(localStorage);
    expect(storage.has('docusaurus.announcement.dismiss')).toBe(false);
  });

  it('stays one script whatever the id holds', () => {
    for (const id of ['</script><script>alert(1)</script>', '<!--<script>', '</SCRIPT >']) {
      const script = announcementResetScript(id);
      expect(script, id).not.toContain('<');
      expect(scriptsOfPage(script), id).toEqual([script]);
      // And the id it compares with is the id given.
      const storage = new Map([
        ['docusaurus.announcement.id', id],
        ['docusaurus.announcement.dismiss', 'true'],
      ]);
      new Function('localStorage', script)({getItem: (key: string) => storage.get(key) ?? null, removeItem: (key: string) => storage.delete(key)});
      expect(storage.get('docusaurus.announcement.dismiss'), id).toBe('true');
    }
  });
});
