import {createElement, Fragment, type ReactNode} from 'react';
import type {Markup as MarkupNode} from '../../shared/page-data';
import {renderMarkup, usePageComponents} from './markup';

export function Markup({data}: {data: MarkupNode[]}): ReactNode {
  const components = usePageComponents();
  return createElement(Fragment, null, ...data.map((node) => renderMarkup(node, components)));
}
