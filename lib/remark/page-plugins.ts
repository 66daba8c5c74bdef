/** Shared by the site's MDX and the Markdown twins. Before Docusaurus's defaults, so headings, ids and the table of contents see the replaced text. */
import type {PluggableList} from 'unified';
import {portalTokens, type PortalConfig} from '../../portal.config';
import remarkApiRequests from './api-requests';
import remarkCodeFiles from './code-files';
import remarkPortalTokens from './portal-tokens';

export function pageRemarkPlugins(config: PortalConfig): PluggableList {
  return [remarkCodeFiles, [remarkPortalTokens, {tokens: portalTokens(config)}], [remarkApiRequests, {apiUrl: config.apiUrl}]];
}
