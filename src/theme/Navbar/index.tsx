/** The theme's navbar, hydrated after the page's shell as a part of its own (src/plugins/deferred-hydration). */
import Navbar from '@theme-original/Navbar';
import {hydratedLater} from '@site/src/plugins/deferred-hydration/HydrateLater';

export default hydratedLater(Navbar);
