/**
 * A docs page's frame (its sidebar's column and its main column, with the
 * page in it), hydrated after the site's shell as a part of its own
 * (src/plugins/deferred-hydration): the shell's first pass and this one were
 * a single task of some 30 ms, four times that on Lighthouse's phone. The
 * parts inside it (the sidebar, the page's content and the rest) follow.
 */
import DocRootLayout from '@theme-original/DocRoot/Layout';
import {hydratedLater} from '@site/src/plugins/deferred-hydration/HydrateLater';

export default hydratedLater(DocRootLayout);
