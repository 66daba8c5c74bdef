/**
 * The remark plugins of every written page, in order: the site's MDX
 * (docusaurus.config.ts, before the defaults, so headings, ids and the table
 * of contents see the replaced text) and their Markdown twins go through the
 * same ones.
 */
import type {PluggableList} from 'unified';
import {portalTokens, type PortalConfig} from '../../portal.config';
import remarkApiRequests from './api-requests';
import remarkCodeFiles from './code-files';
import remarkPortalTokens from './portal-tokens';

export function pageRemarkPlugins(config: PortalConfig): PluggableList {
  return [remarkCodeFiles, [remarkPortalTokens, {tokens: portalTokens(config)}], [remarkApiRequests, {apiUrl: config.apiUrl}]];
}
