import {describe, expect, it} from 'vitest';
import {inlineScripts} from '../../lib/deploy/inline-scripts';

describe('the inline scripts of a page', () => {
  it('are found as a browser finds them, whatever the markup', () => {
    const html = `<!doctype html><html><head>
      <script>a()</script>
      <SCRIPT type="text/javascript">b()</SCRIPT>
      <script type=module>import "./c.js"</script>
      <script type="text/ecmascript">d()</script>
      <script src="/e.js"></script>
      <script src="/f.js">ignored()</script>
      <script type="application/ld+json">{"@type": "BreadcrumbList"}</script>
      <script type=" Application/JSON ">{}</script>
      <script></script>
    </head><body><p>x</p><script>g("</p>")</script><!-- <script>h()</script> --></body></html>`;
    expect(inlineScripts(html)).toEqual(['a()', 'b()', 'import "./c.js"', 'd()', 'g("</p>")']);
  });

  it('are the text a browser hashes: entities as written, and none in the raw text of a title or text area', () => {
    const html = `<title><script>t()</script></title><textarea><script>u()</script></textarea><script>a("&amp;", 1 < 2)</script><svg><script>s()</script></svg>`;
    expect(inlineScripts(html)).toEqual(['a("&amp;", 1 < 2)', 's()']);
  });

  it('end where a browser ends them', () => {
    expect(inlineScripts('<script>var id = "</script><script>alert(1)</script>"</script>')).toEqual(['var id = "', 'alert(1)']);
  });
});
