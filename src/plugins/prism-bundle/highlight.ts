/**
 * prism-react-renderer's `Highlight` over Prism's bare core, without the languages
 * the package bundles into every page; the theme registers the pages' own. Ported
 * unchanged from prism-react-renderer 2.4.1 (MIT, Formidable) so code blocks
 * render the same markup. See PATCHES.md.
 */
import {createContext, createElement, useCallback, useContext, useMemo, useState, type CSSProperties, type ReactElement} from 'react';
import clsx from 'clsx';
import {HydrationContext} from '../deferred-hydration/hydration';
import type {Highlight as PackageHighlight, PrismTheme, Token} from 'prism-react-renderer';

type HighlightProps = Parameters<typeof PackageHighlight>[0];
type RenderProps = Parameters<HighlightProps['children']>[0];
type ThemeDictionary = Record<string, CSSProperties> & {root: CSSProperties; plain: CSSProperties};
interface PrismCore {
  languages: Record<string, unknown>;
  hooks: {run(name: string, env: object): void};
  tokenize(code: string, grammar: unknown): (string | PrismToken)[];
}
interface PrismToken {
  type: string;
  alias?: string | string[];
  content: string | PrismToken | (string | PrismToken)[];
}

/** No theme is bundled: every block passes the portal's. react-live imports this name for a fallback it never uses. */
export const themes: Record<string, PrismTheme> = {};

// Prism highlights every code element of the document once loaded unless told it runs manually.
if (typeof window !== 'undefined') (window as {Prism?: object}).Prism = {manual: true};
// eslint-disable-next-line @typescript-eslint/no-require-imports -- after the flag above, which an import would precede
export const Prism: PrismCore = require('prismjs/components/prism-core');

let loadLanguages: (() => void) | undefined;

/**
 * Registering languages walks every grammar, so it waits for the first
 * tokenization rather than the page's longest task; a page that keeps its server's
 * tokens needs none.
 */
export function loadLanguagesWhenNeeded(load: () => void): void {
  loadLanguages = load;
}

function grammarOf(language: string): unknown {
  const load = loadLanguages;
  loadLanguages = undefined;
  load?.();
  return Prism.languages[language];
}

type LineToken = Token & {empty?: boolean};

/**
 * Lines may stay as the server rendered them while the page hydrates, since
 * tokenizing again to build the same spans dominated hydration. Opt-in, for a line
 * component that draws such a line (src/theme/CodeBlock/Line).
 */
export const ServerLinesContext = createContext(false);

const SERVER_LINE_TOKEN: LineToken = Object.freeze({types: ['plain'], content: ''}) as LineToken;

export const isServerLine = (line: readonly Token[]): boolean => line[0] === SERVER_LINE_TOKEN;

/** Read once, as the block mounts: a block rendered later or given new code is tokenized, and subscribing to "is browser" rendered again for nothing. */
function useServerLines(code: string): boolean {
  const wanted = useContext(ServerLinesContext);
  const hydration = useContext(HydrationContext);
  const [hydratedCode] = useState(() => (wanted && hydration.hydrating ? code : undefined));
  return hydratedCode === code;
}

const newlineRe = /\r\n|\r|\n/;

function normalizeEmptyLines(line: LineToken[]): void {
  if (line.length === 0) {
    line.push({types: ['plain'], content: '\n', empty: true});
  } else if (line.length === 1 && line[0].content === '') {
    line[0].content = '\n';
    line[0].empty = true;
  }
}

function appendTypes(types: string[], add: string | string[]): string[] {
  return types.length > 0 && types[types.length - 1] === add ? types : types.concat(add);
}

function normalizeTokens(tokens: (string | PrismToken)[]): LineToken[][] {
  const typeArrStack: string[][] = [[]];
  const tokenArrStack = [tokens];
  const tokenArrIndexStack = [0];
  const tokenArrSizeStack = [tokens.length];
  let stackIndex = 0;
  let currentLine: LineToken[] = [];
  const acc = [currentLine];
  while (stackIndex > -1) {
    let i: number;
    while ((i = tokenArrIndexStack[stackIndex]++) < tokenArrSizeStack[stackIndex]) {
      let content: PrismToken['content'];
      let types = typeArrStack[stackIndex];
      const token = tokenArrStack[stackIndex][i];
      if (typeof token === 'string') {
        types = stackIndex > 0 ? types : ['plain'];
        content = token;
      } else {
        types = appendTypes(types, token.type);
        if (token.alias) types = appendTypes(types, token.alias);
        content = token.content;
      }
      if (typeof content !== 'string') {
        const nested = Array.isArray(content) ? content : [content];
        stackIndex++;
        typeArrStack.push(types);
        tokenArrStack.push(nested);
        tokenArrIndexStack.push(0);
        tokenArrSizeStack.push(nested.length);
        continue;
      }
      const splitByNewlines = content.split(newlineRe);
      currentLine.push({types, content: splitByNewlines[0]});
      for (let j = 1; j < splitByNewlines.length; j++) {
        normalizeEmptyLines(currentLine);
        acc.push((currentLine = []));
        currentLine.push({types, content: splitByNewlines[j]});
      }
    }
    stackIndex--;
    typeArrStack.pop();
    tokenArrStack.pop();
    tokenArrIndexStack.pop();
    tokenArrSizeStack.pop();
  }
  normalizeEmptyLines(currentLine);
  return acc;
}

function themeToDict(theme: PrismTheme, language: string): ThemeDictionary {
  const {plain} = theme;
  const themeDict = theme.styles.reduce<Record<string, CSSProperties>>((acc, {languages, style, types}) => {
    if (languages && !languages.includes(language as never)) return acc;
    for (const type of types) acc[type] = {...acc[type], ...style};
    return acc;
  }, {});
  return {...themeDict, root: plain, plain: {...plain, backgroundColor: undefined}} as ThemeDictionary;
}

function useTokens(code: string, language: string): LineToken[][] {
  const serverLines = useServerLines(code);
  return useMemo(() => {
    // The server's tokens break the code at the same newlines.
    if (serverLines) return code.split(newlineRe).map(() => [SERVER_LINE_TOKEN]);
    const grammar = grammarOf(language);
    if (grammar == null) return normalizeTokens([code]);
    const env = {code, grammar, language, tokens: [] as (string | PrismToken)[]};
    Prism.hooks.run('before-tokenize', env);
    env.tokens = Prism.tokenize(code, grammar);
    Prism.hooks.run('after-tokenize', env);
    return normalizeTokens(env.tokens);
  }, [code, language, serverLines]);
}

function HighlightTokens({children, language: languageName, code, theme}: HighlightProps): ReactElement {
  if (!theme) throw new Error('A code block was rendered without a Prism theme: pass the theme of usePrismTheme()');
  const language = languageName.toLowerCase();
  const themeDictionary = themeToDict(theme, language);
  const getLineProps = useCallback<RenderProps['getLineProps']>(
    ({className, style, line: _line, ...rest}) => ({
      ...rest,
      className: clsx('token-line', className),
      style: typeof style === 'object' ? {...themeDictionary.plain, ...style} : themeDictionary.plain,
    }),
    [themeDictionary],
  );
  const styleForToken = useCallback(
    ({types, empty}: LineToken): CSSProperties | undefined => {
      if (types.length === 1 && types[0] === 'plain') return empty != null ? {display: 'inline-block'} : undefined;
      if (types.length === 1 && empty != null) return themeDictionary[types[0]];
      return Object.assign(empty != null ? {display: 'inline-block'} : {}, ...types.map((type) => themeDictionary[type]));
    },
    [themeDictionary],
  );
  const getTokenProps = useCallback<RenderProps['getTokenProps']>(
    ({token, className, style, ...rest}) => ({
      ...rest,
      className: clsx('token', ...token.types, className),
      children: token.content,
      style: style != null ? {...styleForToken(token), ...style} : styleForToken(token),
    }),
    [styleForToken],
  );
  return children({
    tokens: useTokens(code, language),
    className: `prism-code language-${language}`,
    style: themeDictionary.root,
    getLineProps,
    getTokenProps,
  });
}

export function Highlight(props: HighlightProps): ReactElement {
  return createElement(HighlightTokens, props);
}
