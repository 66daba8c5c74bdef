/**
 * What the modal and the search page need to query: the shared client, the
 * index name and the contextual filters (this locale, this docs version), the
 * same whether the index is local or hosted.
 */
import {useMemo} from 'react';
import {useContextualSearchFilters} from '@docusaurus/theme-common';
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
  const {siteConfig} = useDocusaurusContext();
  const {locale, tags} = useContextualSearchFilters();
  const hosted = siteConfig.customFields?.search as HostedSearch | undefined;
  const helpUrl = siteConfig.customFields?.helpUrl as string;
  return useMemo(
    () => ({
      client: portalSearchClient(hosted, siteConfig.baseUrl),
      indexName: indexNameOf(hosted),
      hosted,
      facetFilters: [`language:${locale}`, tags.map((tag) => `docusaurus_tag:${tag}`)],
      helpUrl,
    }),
    // The tags by value: the hook returns a new array each render.
    [hosted, siteConfig.baseUrl, locale, tags.join(), helpUrl],
  );
}
