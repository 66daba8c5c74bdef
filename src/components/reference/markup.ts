import {createElement, type ElementType, type ReactNode} from 'react';
import {useMDXComponents} from '@mdx-js/react';
import type {Markup} from '../../shared/page-data';

/** The page's MDX components by tag; a tag without one renders as itself. */
export type Components = Record<string, ElementType | undefined>;

export const usePageComponents = (): Components => useMDXComponents() as Components;

/** Children as arguments, as compiled MDX renders its own. */
export function renderMarkup(node: Markup, components: Components): ReactNode {
  if (typeof node === 'string') return node;
  const [tag, props, ...children] = node;
  return createElement(components[tag] ?? tag, props, ...children.map((child) => renderMarkup(child, components)));
}
