import type {ClientModule} from '@docusaurus/types';
// Before the app's first render: its hook applies to every element created from then on.
import './ref-as-prop';

/**
 * Under Preact the new page reaches the DOM a render after Docusaurus's
 * route-update effects, so its scroll to the #fragment finds no element; this one
 * runs once the page is there.
 */
export const onRouteDidUpdate: ClientModule['onRouteDidUpdate'] = ({location, previousLocation}) => {
  if (!previousLocation || !location.hash || location.pathname === previousLocation.pathname) return;
  const id = decodeURIComponent(location.hash.slice(1));
  requestAnimationFrame(() => document.getElementById(id)?.scrollIntoView());
};

// React's server writes an image preload as the root's first element, which the
// client does not render: Preact then moved every element after it, forcing a
// relayout during hydration. The image loads anyway.
if (typeof document !== 'undefined') {
  document.querySelectorAll('#__docusaurus > link[rel="preload"]').forEach((preload) => preload.remove());
}
