import {describe, expect, it} from 'vitest';
import {newestInMajor, withDocusaurus} from '../../lib/upgrade/rehearsal';

describe('the Docusaurus upgrade rehearsal', () => {
  it('picks the newest version of the major, a release after its prereleases', () => {
    const versions = ['3.10.2', '3.10.1-canary-6807', '4.0.0-canary-6808', '4.0.0-canary-6822', '4.0.0-canary-700'];
    expect(newestInMajor(versions, 4)).toBe('4.0.0-canary-6822');
    expect(newestInMajor([...versions, '4.0.0'], 4)).toBe('4.0.0');
    expect(newestInMajor(versions, 5)).toBeUndefined();
  });

  it('moves every @docusaurus package, the peers it needs and what depends on them, to that version', () => {
    const manifest = {
      dependencies: {'@docusaurus/core': '3.10.2', react: '19.3.1'},
      devDependencies: {'@docusaurus/types': '3.10.2', typescript: '5.9.3'},
      overrides: {'@swc/core': '1.16.18'},
    };
    expect(withDocusaurus(manifest, '4.0.0-canary-6822', {typescript: '6.0.2'})).toEqual({
      dependencies: {'@docusaurus/core': '4.0.0-canary-6822', react: '19.3.1'},
      devDependencies: {'@docusaurus/types': '4.0.0-canary-6822', typescript: '6.0.2'},
      overrides: {'@swc/core': '1.16.18', '@docusaurus/core': '4.0.0-canary-6822', '@docusaurus/types': '4.0.0-canary-6822'},
    });
  });
});
