/** Asks search engines not to index the not-found page. */
import type {ReactNode} from 'react';
import Head from '@docusaurus/Head';
import type {Props} from '@theme/NotFound/Content';
import Content from '@theme-original/NotFound/Content';

export default function NotFoundContent(props: Props): ReactNode {
  return (
    <>
      <Head>
        <meta name="description" content="There is no page at this address. Use the navigation, the sidebar or the search to find what you were looking for." />
        <meta name="robots" content="noindex" />
      </Head>
      <Content {...props} />
    </>
  );
}
