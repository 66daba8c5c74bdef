/** Hydrated after the shell (src/plugins/deferred-hydration). */
import Navbar from '@theme-original/Navbar';
import {hydratedLater} from '@site/src/plugins/deferred-hydration/HydrateLater';

export default hydratedLater(Navbar);
