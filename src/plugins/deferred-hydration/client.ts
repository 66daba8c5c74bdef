import type {ClientModule} from '@docusaurus/types';
import {resumeAllParts, shellHydrated} from './hydration';

// Docusaurus calls it once the first render has committed (the shell hydrated), then after each navigation.
export const onRouteDidUpdate: ClientModule['onRouteDidUpdate'] = ({previousLocation}) => (previousLocation ? resumeAllParts() : shellHydrated());
