/** `npm start`: builds when the sources changed, then serves the production site. */
import {ensureBuild} from './ensure-build';
import {serveBuild} from './serve';

ensureBuild();
serveBuild().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
