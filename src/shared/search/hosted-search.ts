import type {PortalConfig} from '../../../portal.config';

export type HostedSearch = NonNullable<PortalConfig['search']>;
