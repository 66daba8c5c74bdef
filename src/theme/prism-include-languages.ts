/** Run when a code block is first tokenized (src/plugins/prism-bundle/highlight.ts). */
import prismIncludeLanguages from '@theme-original/prism-include-languages';
import {loadLanguagesWhenNeeded} from '@site/src/plugins/prism-bundle/highlight';

export default function includeLanguagesWhenNeeded(PrismObject: Parameters<typeof prismIncludeLanguages>[0]): void {
  loadLanguagesWhenNeeded(() => prismIncludeLanguages(PrismObject));
}
