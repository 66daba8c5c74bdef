/** `npm run feedback:report`: per-page counts and the latest comments of the feedback store (FEEDBACK_FILE). */
import {feedbackReport} from '../lib/feedback/report';
import {feedbackFile, readFeedback} from '../lib/feedback/store';
import {main} from '../lib/main';

main(() => {
  const file = feedbackFile();
  console.log(`${feedbackReport(readFeedback(file))}\n\n(from ${file})`);
});
