/**
 * The code generators of the portal's sample languages, every variant
 * postman-code-generators has of each, in its order, answering the package's
 * two calls (getLanguageList, convert) as it does. They stand in for the
 * package in the try-it panel's bundle (src/plugins/reference-bundle), whose
 * entry loads all of its 37 generators: 1.8 MB of the 4.2 MB script the panel
 * loaded. The build's request samples use them too
 * (lib/reference/request-samples.ts). tests/unit/code-generators.test.ts
 * holds them equal to the package's, so a release that adds a variant fails
 * there.
 */
import curl from 'postman-code-generators/codegens/curl';
import curlPackage from 'postman-code-generators/codegens/curl/package.json';
import golang from 'postman-code-generators/codegens/golang';
import golangPackage from 'postman-code-generators/codegens/golang/package.json';
import jsFetch from 'postman-code-generators/codegens/js-fetch';
import jsFetchPackage from 'postman-code-generators/codegens/js-fetch/package.json';
import jsJquery from 'postman-code-generators/codegens/js-jquery';
import jsJqueryPackage from 'postman-code-generators/codegens/js-jquery/package.json';
import jsXhr from 'postman-code-generators/codegens/js-xhr';
import jsXhrPackage from 'postman-code-generators/codegens/js-xhr/package.json';
import pythonHttpClient from 'postman-code-generators/codegens/python-http.client';
import pythonHttpClientPackage from 'postman-code-generators/codegens/python-http.client/package.json';
import pythonRequests from 'postman-code-generators/codegens/python-requests';
import pythonRequestsPackage from 'postman-code-generators/codegens/python-requests/package.json';
import labels from 'postman-code-generators/lib/assets/languageLabels.json';

/** What a generator's package.json says of it. */
interface CodeGeneratorPackage {
  com_postman_plugin: {lang: string; variant: string; syntax_mode: string};
}

/** Each generator with what its package.json says of it, in the order of the package's lib/assets/languages.js. */
const GENERATORS: [CodeGeneratorPackage, typeof curl][] = [
  [curlPackage, curl],
  [golangPackage, golang],
  [jsFetchPackage, jsFetch],
  [jsJqueryPackage, jsJquery],
  [jsXhrPackage, jsXhr],
  [pythonHttpClientPackage, pythonHttpClient],
  [pythonRequestsPackage, pythonRequests],
];

const plugin = (pkg: CodeGeneratorPackage) => ({
  lang: pkg.com_postman_plugin.lang.trim(),
  variant: pkg.com_postman_plugin.variant.trim(),
  syntaxMode: pkg.com_postman_plugin.syntax_mode.trim(),
});

interface LanguageListEntry {
  key: string;
  label: string;
  syntax_mode: string;
  variants: {key: string}[];
}

/** The languages, each with its variants, as the package's getLanguageList() lists them. */
function getLanguageList(): LanguageListEntry[] {
  const languages = new Map<string, LanguageListEntry>();
  for (const [pkg] of GENERATORS) {
    const {lang, variant, syntaxMode} = plugin(pkg);
    const key = lang.toLowerCase();
    const known = languages.get(key);
    if (known) known.variants.push({key: variant});
    else languages.set(key, {key, label: (labels as Record<string, string>)[key] ?? key, syntax_mode: syntaxMode.toLowerCase(), variants: [{key: variant}]});
  }
  return [...languages.values()];
}

/** The snippet of `request` in a language's variant, as the package's convert() writes it, or its error. */
function convert(language: string, variant: string, request: object, options: object, callback: (error: unknown, snippet?: string) => void): void {
  const found = GENERATORS.find(
    ([pkg]) => plugin(pkg).lang.toLowerCase() === language.toLowerCase() && plugin(pkg).variant.toLowerCase() === variant.toLowerCase(),
  );
  if (!found) {
    callback('Codegen~convert: Could not find codegen corresponding to provided language, variant pair');
    return;
  }
  try {
    found[1].convert(request, options, callback);
  } catch (error) {
    callback(error);
  }
}

export default {convert, getLanguageList};
