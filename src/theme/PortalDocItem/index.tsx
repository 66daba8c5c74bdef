/**
 * The docs plugin's page component: reference operation pages get the
 * OpenAPI theme's ApiItem, loaded as its own chunk; every other page gets the
 * classic DocItem, so guide pages never download the reference's code.
 */
import React, {lazy, Suspense, type ComponentProps} from 'react';
import DocItem from '@theme/DocItem';

const ApiItem = lazy(() => import('@theme/ApiItem'));

type Props = ComponentProps<typeof DocItem>;

export default function PortalDocItem(props: Props): React.JSX.Element {
  const {frontMatter} = props.content as unknown as {frontMatter: {api?: string; schema?: unknown}};
  if (!frontMatter.api && !frontMatter.schema) return <DocItem {...props} />;
  return (
    <Suspense fallback={null}>
      <ApiItem {...props} />
    </Suspense>
  );
}
