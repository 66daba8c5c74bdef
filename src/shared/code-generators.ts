/**
 * postman-code-generators' languages and variants, answering its getLanguageList
 * and convert as it does, without its entry that loads every generator into the
 * try-it panel's bundle. tests/unit/code-generators.test.ts holds them equal to
 * the package's, so a release that adds a variant fails there.
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

interface CodeGeneratorPackage {
  com_postman_plugin: {lang: string; variant: string; syntax_mode: string};
}

/** In the order of the package's lib/assets/languages.js. */
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
