import type {PortalConfig} from '../../../portal.config';

/**
 * The hosted search index (Algolia) a deployer configured: the browser's
 * client queries it, the CSP lets the browser reach its hosts (named after the
 * application id), and `npm run search:push` fills it.
 */
export type HostedSearch = NonNullable<PortalConfig['search']>;
