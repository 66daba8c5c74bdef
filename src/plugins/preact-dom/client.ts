import type {ClientModule} from '@docusaurus/types';

/**
 * Under Preact, a new page reaches the DOM in a render just after the one
 * that runs Docusaurus's route-update effects (a context change re-renders
 * the routes separately), so Docusaurus's scroll to the link's #fragment
 * finds no element yet. This scroll runs once the page is there.
 */
export const onRouteDidUpdate: ClientModule['onRouteDidUpdate'] = ({location, previousLocation}) => {
  if (!previousLocation || !location.hash || location.pathname === previousLocation.pathname) return;
  const id = decodeURIComponent(location.hash.slice(1));
  requestAnimationFrame(() => document.getElementById(id)?.scrollIntoView());
};

// React's server writes a preload of the page's first images (the navbar's logo) as the first element of the root,
// where the client renders none: Preact, hydrating, then moved every element of the layout after it and removed it,
// and the moves made the browser lay the whole page out again within hydration. The image loads anyway.
if (typeof document !== 'undefined') {
  document.querySelectorAll('#__docusaurus > link[rel="preload"]').forEach((preload) => preload.remove());
}
