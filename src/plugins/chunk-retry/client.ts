import routes from '@generated/routes';
import type {RouteConfig} from 'react-router-config';

type Preloadable = {preload?: () => Promise<unknown>};

let firstLoad = true;

// Render anew rather than hydrate: Preact would keep the server's markup beside the error.
function renderAnew(error: unknown): void {
  console.error('Page chunk failed to load:', error);
  document.getElementById('__docusaurus')?.replaceChildren();
}

// A failed first preload resolves, so the route's loader shows its error with Retry.
function tolerateFirstLoadFailure(route: RouteConfig): void {
  const component = route.component as Preloadable | undefined;
  const preload = component?.preload;
  if (component && preload) {
    component.preload = () => (firstLoad ? preload().catch(renderAnew) : preload());
  }
  route.routes?.forEach(tolerateFirstLoadFailure);
}

routes.forEach(tolerateFirstLoadFailure);

export function onRouteDidUpdate(): void {
  firstLoad = false;
}
