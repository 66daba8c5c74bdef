/**
 * The try-it panel's stand-in for postman-code-generators
 * (src/shared/code-generators.ts) answers the panel's two
 * calls as the package does, for every language the portal's samples use and
 * every variant the package has of it.
 */
import {createRequire} from 'node:module';
import {describe, expect, it} from 'vitest';
import codeGenerators from '../../src/shared/code-generators';
import {sampleLanguages} from '../../lib/reference/request-samples';

const require = createRequire(import.meta.url);
const {Request} = require('postman-collection') as {Request: new (definition: object) => object};
const postmanCodeGenerators = require('postman-code-generators') as typeof codeGenerators;

const portalLanguages = new Set(sampleLanguages.map(({language}) => language));

const request = new Request({
  url: 'https://api.vigil.example/api/v1/targets/?page_size=10',
  method: 'POST',
  header: [
    {key: 'Authorization', value: 'JWT YOUR_API_KEY'},
    {key: 'Content-Type', value: 'application/json'},
  ],
  body: {mode: 'raw', raw: JSON.stringify({name: 'Payments API', url: 'https://payments.example'}, null, 2)},
});

/** The snippet, or the error, a convert() call answers. */
function converted(generators: typeof codeGenerators, language: string, variant: string): {error: unknown; snippet?: string} {
  let answer: {error: unknown; snippet?: string} | undefined;
  generators.convert(language, variant, request, {followRedirect: true, trimRequestBody: true}, (error, snippet) => (answer = {error, snippet}));
  if (!answer) throw new Error(`${language} ${variant} did not answer synchronously`);
  return answer;
}

describe("the try-it panel's code generators", () => {
  it("list the portal's sample languages with every variant, label and syntax of the package's list, in its order", () => {
    const packageList = postmanCodeGenerators.getLanguageList().filter(({key}) => portalLanguages.has(key));
    expect(codeGenerators.getLanguageList()).toEqual(packageList);
    expect(new Set(packageList.map(({key}) => key))).toEqual(portalLanguages);
  });

  it('write the same snippet as the package in each language and variant', () => {
    const variants = codeGenerators.getLanguageList().flatMap(({key, variants}) => variants.map((variant) => [key, variant.key] as const));
    expect(variants.length).toBeGreaterThan(portalLanguages.size);
    for (const [language, variant] of variants) {
      const answer = converted(codeGenerators, language, variant);
      expect(answer.error, `${language} ${variant}`).toBeNull();
      expect(answer.snippet).toContain('payments.example');
      expect(answer, `${language} ${variant}`).toEqual(converted(postmanCodeGenerators, language, variant));
    }
  });

  it('answer a language they do not have with the error the package gives', () => {
    expect(converted(codeGenerators, 'ruby', 'Net::HTTP')).toEqual(converted(postmanCodeGenerators, 'csharp', 'none'));
  });
});
