/** The same whether the index is local or hosted. */
import {useMemo} from 'react';
import {useDocsContextualSearchTags} from '@docusaurus/plugin-content-docs/client';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type {HostedSearch} from '../shared/search/hosted-search';
import {indexNameOf, portalSearchClient, type PortalSearchClient} from './search-client';

export interface PortalSearch {
  client: PortalSearchClient;
  indexName: string;
  hosted: HostedSearch | undefined;
  facetFilters: (string | string[])[];
  helpUrl: string;
}

export function usePortalSearch(): PortalSearch {
  const {siteConfig, i18n} = useDocusaurusContext();
  const locale = i18n.currentLocale;
  // What theme-common's useContextualSearchFilters returned on Docusaurus 3; Docusaurus 4 drops that hook.
  const tags = ['default', ...useDocsContextualSearchTags()];
  // The hook returns a new array each render.
  const tagList = tags.join('\n');
  const hosted = siteConfig.customFields?.search as HostedSearch | undefined;
  const helpUrl = siteConfig.customFields?.helpUrl as string;
  return useMemo(
    () => ({
      client: portalSearchClient(hosted, siteConfig.baseUrl),
      indexName: indexNameOf(hosted),
      hosted,
      facetFilters: [`language:${locale}`, tagList ? tagList.split('\n').map((tag) => `docusaurus_tag:${tag}`) : []],
      helpUrl,
    }),
    [hosted, siteConfig.baseUrl, locale, tagList, helpUrl],
  );
}
