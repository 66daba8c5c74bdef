import React from 'react';
import TabItem from '@theme/TabItem';
import Tabs from '@theme/Tabs';
import type {SamplesData} from '../../shared/page-data';
import {renderMarkup, usePageComponents} from './markup';

export function RequestSamples({data}: {data: SamplesData}): React.JSX.Element {
  const components = usePageComponents();
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
