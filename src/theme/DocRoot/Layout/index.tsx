/** Hydrated after the site's shell as a part of its own (src/plugins/deferred-hydration); the parts inside it follow. */
import DocRootLayout from '@theme-original/DocRoot/Layout';
import {hydratedLater} from '@site/src/plugins/deferred-hydration/HydrateLater';

export default hydratedLater(DocRootLayout);
