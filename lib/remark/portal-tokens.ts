/**
 * Replaces {{token}} in Markdown text, code, link targets and JSX attribute
 * strings with the deployer's values (portal.config.ts), so that pages never
 * hard-code the brand or URLs. An unknown token fails the build naming file
 * and line, and so does a token inside JavaScript (an MDX expression, an
 * attribute written as an expression, an import or export): JavaScript is
 * compiled as written, so a token there would never be replaced.
 */
import {visit} from 'unist-util-visit';
import type {Node} from 'unist';

const TOKEN = /\{\{\s*([A-Za-z][A-Za-z0-9]*)\s*\}\}/g;

interface Options {
  tokens: Record<string, string>;
}

interface VFileLike {
  path?: string;
}

/** Where a token sits, for the error message: one place for a whole value, or the place of each token found in it. */
type TokenPlace = string | ((token: string) => string);

/** Replaces every token in a string; `where` names the place for the error message. */
export function replaceTokens(value: string, tokens: Record<string, string>, where: TokenPlace): string {
  return value.replace(TOKEN, (token, name: string) => {
    if (!Object.hasOwn(tokens, name)) {
      const place = typeof where === 'string' ? where : where(token);
      throw new Error(`${place}: unknown token {{${name}}}; known tokens: ${Object.keys(tokens).join(', ')}`);
    }
    return tokens[name];
  });
}

interface Positioned {
  position?: {start: {line: number}};
}

type MdxNode = Node & {value?: unknown; url?: unknown; attributes?: (Positioned & {type: string; name?: string; value?: unknown})[]};

/** MDX nodes holding JavaScript: the compiler reads their code, not a string the plugin could change. */
const JAVASCRIPT = new Set(['mdxFlowExpression', 'mdxTextExpression', 'mdxjsEsm']);
const JSX_ELEMENTS = new Set(['mdxJsxFlowElement', 'mdxJsxTextElement']);

type Estree = {body?: unknown[]};

/**
 * Fails when JavaScript holds something written as a token. The code is read
 * inside its braces, for `{{product}}` in MDX text is the expression
 * `{product}`. An expression holding only comments compiles to nothing and is
 * left alone.
 */
function refuseTokenInJavaScript(code: string, estree: Estree | undefined, where: string, what: string): void {
  const [token] = `{${code}}`.match(TOKEN) ?? [];
  if (token === undefined || estree?.body?.length === 0) return;
  throw new Error(
    `${where}: ${token} is inside ${what}, which MDX compiles as JavaScript, so it would not be replaced. ` +
      'In the text of an .mdx page escape the braces, \\{\\{product}}; in a JSX attribute quote the value, title="{{product}} CLI".',
  );
}

export default function remarkPortalTokens({tokens}: Options) {
  return (tree: Node, file: VFileLike) => {
    const place = (node: Positioned, parent?: Positioned) => `${file.path ?? '<markdown>'}:${node.position?.start.line ?? parent?.position?.start.line ?? '?'}`;
    visit(tree, (node: MdxNode) => {
      const where = place(node);
      if (JAVASCRIPT.has(node.type)) {
        const what = node.type === 'mdxjsEsm' ? 'an import or export' : 'an MDX expression';
        refuseTokenInJavaScript(String(node.value ?? ''), (node.data as {estree?: Estree} | undefined)?.estree, where, what);
        return;
      }
      if (typeof node.value === 'string') node.value = replaceTokens(node.value, tokens, where);
      if (typeof node.url === 'string') node.url = replaceTokens(node.url, tokens, where);
      // JSX attributes are not children, so the visit does not reach them: a quoted value is text, an expression is JavaScript.
      for (const attribute of JSX_ELEMENTS.has(node.type) ? (node.attributes ?? []) : []) {
        const at = place(attribute, node);
        if (attribute.type === 'mdxJsxAttribute' && typeof attribute.value === 'string') {
          attribute.value = replaceTokens(attribute.value, tokens, at);
        } else if (attribute.type === 'mdxJsxAttribute' && attribute.value) {
          const expression = attribute.value as {value: string; data?: {estree?: Estree}};
          refuseTokenInJavaScript(expression.value, expression.data?.estree, at, `the expression of the attribute ${attribute.name}`);
        } else if (attribute.type === 'mdxJsxExpressionAttribute') {
          refuseTokenInJavaScript(String(attribute.value ?? ''), (attribute as {data?: {estree?: Estree}}).data?.estree, at, 'an attribute expression');
        }
      }
    });
  };
}
