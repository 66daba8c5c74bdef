/** `npm run feedback:report`: per-page counts and the latest comments of the service's feedback (PORTAL_DATABASE_URL, or PORTAL_DATABASE_FILE). */
import {portalConfig} from '../portal.config';
import {openConfiguredStateStore} from '../lib/feedback/open';
import {feedbackReport} from '../lib/feedback/report';
import {FeedbackStore} from '../lib/feedback/store';
import {main} from '../lib/main';

main(async () => {
  const state = await openConfiguredStateStore();
  try {
    console.log(`${await feedbackReport(new FeedbackStore(state, portalConfig.feedbackBounds).rows())}\n\n(from ${state.description})`);
  } finally {
    await state.close();
  }
});
