import type {ClientModule} from '@docusaurus/types';
import {markPageHydrated} from './highlight';

// Docusaurus calls it once the first render has committed, the page hydrated, and after each navigation.
export const onRouteDidUpdate: ClientModule['onRouteDidUpdate'] = () => markPageHydrated();
