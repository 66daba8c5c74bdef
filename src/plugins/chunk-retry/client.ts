import routes from '@generated/routes';
import type {RouteConfig} from 'react-router-config';

type Preloadable = {preload?: () => Promise<unknown>};

let firstLoad = true;

// A failed first preload resolves, so the app renders and the route's loader shows its error with Retry.
function tolerateFirstLoadFailure(route: RouteConfig): void {
  const component = route.component as Preloadable | undefined;
  const preload = component?.preload;
  if (component && preload) {
    component.preload = () => (firstLoad ? preload().catch((error: unknown) => console.error('Page chunk failed to load:', error)) : preload());
  }
  route.routes?.forEach(tolerateFirstLoadFailure);
}

routes.forEach(tolerateFirstLoadFailure);

export function onRouteDidUpdate(): void {
  firstLoad = false;
}
