/**
 * The test vectors the guide "Receive and verify webhooks" publishes are what
 * the sandbox's signer makes of the page's own body and secrets: a reader
 * checks their code against them, so a vector that drifted from the signer
 * would pass code that refuses every real delivery.
 */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {repoRoot} from '../../lib/paths';
import {signature} from '../../lib/sandbox/webhooks';

const GUIDE = 'docs/guides/receive-and-verify-webhooks.mdx';

interface Vector {
  line: number;
  secrets: string[];
  header: string;
}

/** The section's body and its vectors: each header block with the secrets the paragraph before it names, newest first. */
function publishedVectors(source: string): {body: string; vectors: Vector[]} {
  const lines = source.split('\n');
  const start = lines.indexOf('### Test vectors');
  expect(start, `${GUIDE} has no "### Test vectors" section`).toBeGreaterThan(-1);
  const end = lines.findIndex((line, index) => index > start && line.startsWith('#'));
  const section = lines.slice(start, end === -1 ? undefined : end);
  const body = section[section.indexOf('```json title="signed-body.json"') + 1];
  const vectors: Vector[] = [];
  section.forEach((line, index) => {
    if (line !== '```text title="X-Scanner-Signature"') return;
    const paragraph =
      section
        .slice(0, index)
        .filter((text) => text.trim() !== '')
        .at(-1) ?? '';
    vectors.push({line: start + index + 2, secrets: [...paragraph.matchAll(/`(whsec-[^`]+)`/g)].map((match) => match[1]), header: section[index + 1]});
  });
  return {body, vectors};
}

describe(`the signature test vectors of ${GUIDE}`, () => {
  const {body, vectors} = publishedVectors(fs.readFileSync(path.join(repoRoot, GUIDE), 'utf8'));

  it('publish one vector with a single secret and one signed during a rotation', () => {
    expect(vectors.map(({secrets}) => secrets.length)).toEqual([1, 2]);
  });

  it.each(vectors.map((vector) => [`line ${vector.line}`, vector] as const))('%s is what the signer makes of the body', (_line, {secrets, header}) => {
    const timestamp = Number(/^t=(\d+),/.exec(header)?.[1]);
    const nowMs = timestamp * 1000;
    const signed = signature(
      body,
      secrets.map((value, index) => ({value, expiresAtMs: index === 0 ? null : nowMs + 1})),
      nowMs,
    );
    expect(signed).toBe(header);
  });

  it('sign the body as UTF-8 bytes, which a changed byte changes', () => {
    expect(Buffer.byteLength(body, 'utf8')).toBe(body.length + 1);
    const [{secrets, header}] = vectors;
    const nowMs = Number(/^t=(\d+),/.exec(header)?.[1]) * 1000;
    expect(signature(body.replace('é', 'e'), [{value: secrets[0], expiresAtMs: null}], nowMs)).not.toBe(header);
  });
});
