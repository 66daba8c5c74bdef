import React from 'react';
import {useMDXComponents} from '@mdx-js/react';
import TabItem from '@theme/TabItem';
import Tabs from '@theme/Tabs';
import type {SamplesData} from '../../shared/page-data';
import {renderMarkup, type Components} from './markup';

/** An operation's request samples, a tab each, from the page's data, as its MDX would render them: each a code block. */
export function RequestSamples({data}: {data: SamplesData}): React.JSX.Element {
  const components = useMDXComponents() as Components;
  return (
    <Tabs {...data.tabs}>
      {data.samples.map(({value, label, language, code}) => (
        <TabItem key={value} value={value} label={label}>
          {renderMarkup(['pre', null, ['code', {className: `language-${language}`}, `${code}\n`]], components)}
        </TabItem>
      ))}
    </Tabs>
  );
}
