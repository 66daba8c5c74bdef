/** `npm run search:push [-- --dry-run] [records.json]`: the build's search records to the hosted index (lib/search/push.ts). */
import {main} from '../lib/main';
import {searchPush} from '../lib/search/push';

main(() => searchPush(process.argv.slice(2), process.env));
