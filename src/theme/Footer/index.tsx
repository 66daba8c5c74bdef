/** Hydrated after the shell (src/plugins/deferred-hydration). */
import Footer from '@theme-original/Footer';
import {hydratedLater} from '@site/src/plugins/deferred-hydration/HydrateLater';

export default hydratedLater(Footer);
