/** The theme's footer, hydrated after the page's shell as a part of its own (src/plugins/deferred-hydration). */
import Footer from '@theme-original/Footer';
import {hydratedLater} from '@site/src/plugins/deferred-hydration/HydrateLater';

export default hydratedLater(Footer);
