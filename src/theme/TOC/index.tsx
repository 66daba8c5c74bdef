/** The theme's table of contents beside a page, hydrated after the page's shell as a part of its own (src/plugins/deferred-hydration). */
import TOC from '@theme-original/TOC';
import {hydratedLater} from '@site/src/plugins/deferred-hydration/HydrateLater';

export default hydratedLater(TOC);
