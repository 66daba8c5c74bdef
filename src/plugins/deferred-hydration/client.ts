import type {ClientModule} from '@docusaurus/types';
import {resumeAllParts, shellHydrated} from './hydration';

export const onRouteDidUpdate: ClientModule['onRouteDidUpdate'] = ({previousLocation}) => (previousLocation ? resumeAllParts() : shellHydrated());
