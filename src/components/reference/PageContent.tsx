import {createElement, Fragment, type ReactNode} from 'react';
import type {PageBlock, PageData} from '../../shared/page-data';
import {Endpoint} from './Endpoint';
import {FieldList} from './Fields';
import {Markup} from './Markup';
import {renderMarkup, usePageComponents, type Components} from './markup';
import {RequestSamples} from './RequestSamples';
import {TryIt} from './TryIt';

function renderBlock(block: PageBlock, components: Components): ReactNode {
  if ('heading' in block) {
    const {level, id, content} = block.heading;
    return createElement(components[`h${level}`] ?? `h${level}`, {id}, ...content.map((node) => renderMarkup(node, components)));
  }
  if ('markup' in block) return createElement(Markup, {data: block.markup});
  if ('fields' in block) return createElement(FieldList, {data: block.fields});
  if ('samples' in block) return createElement(RequestSamples, {data: block.samples});
  if ('endpoint' in block) return createElement(Endpoint, block.endpoint);
  if ('tryIt' in block) return createElement(TryIt, {data: block.tryIt});
  const {type, title, body} = block.admonition;
  return createElement(components.admonition ?? 'div', {type, title}, ...body.map((node) => renderMarkup(node, components)));
}

/** Pieces separated by line breaks as MDX separates top-level blocks. */
export function PageContent({data}: {data: PageData}): ReactNode {
  const components = usePageComponents();
  const children = data.content.flatMap((block, index) => (index ? ['\n', renderBlock(block, components)] : [renderBlock(block, components)]));
  return createElement(Fragment, null, ...children);
}
