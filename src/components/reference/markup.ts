/** Rendering of Markdown written as data (src/shared/page-data.ts). */
import {createElement, type ElementType, type ReactNode} from 'react';
import {useMDXComponents} from '@mdx-js/react';
import type {Markup} from '../../shared/page-data';

/** The page's MDX components by tag (a link is Docusaurus's Link); a tag without one renders as itself. */
export type Components = Record<string, ElementType | undefined>;

/** The components the page's MDX renders with, which its data renders with too. */
export const usePageComponents = (): Components => useMDXComponents() as Components;

/** Rendered Markdown, through the page's MDX components, as the page's compiled MDX renders its own: children as arguments. */
export function renderMarkup(node: Markup, components: Components): ReactNode {
  if (typeof node === 'string') return node;
  const [tag, props, ...children] = node;
  return createElement(components[tag] ?? tag, props, ...children.map((child) => renderMarkup(child, components)));
}
