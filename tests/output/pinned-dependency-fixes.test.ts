/**
 * The fixes to pinned dependencies (src/plugins/pinned-dependency-fixes) reach
 * the site: the built chunks carry what each replacement leaves after
 * minification. The unit test shows each pinned text stands in the installed
 * files; this one shows the loader really ran on them.
 */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {pinnedDependencyFixes} from '../../lib/build/pinned-dependency-fixes';

const scriptsDir = path.join(__dirname, '../../build/assets/js');
const scripts = fs
  .readdirSync(scriptsDir)
  .filter((name) => name.endsWith('.js'))
  .map((name) => ({name, text: fs.readFileSync(path.join(scriptsDir, name), 'utf8')}));
const allCode = scripts.map(({text}) => text).join('\n');

describe('the pinned dependency fixes in the build', () => {
  it.each(pinnedDependencyFixes.flatMap(({target, inBuild}) => (inBuild ? [[`${target.packageName}: ${inBuild.source.slice(0, 40)}`, inBuild] as const] : [])))(
    '%s… stands in the built chunks',
    (_, trace) => {
      // A boolean, not toMatch: a failure would print the whole chunk.
      expect(trace.test(allCode), String(trace)).toBe(true);
    },
  );
});
