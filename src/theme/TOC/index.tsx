/** Hydrated after the shell (src/plugins/deferred-hydration). */
import TOC from '@theme-original/TOC';
import {hydratedLater} from '@site/src/plugins/deferred-hydration/HydrateLater';

export default hydratedLater(TOC);
