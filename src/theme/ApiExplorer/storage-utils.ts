/** The stock storage function throws, crashing the page, when the browser denies storage; here the panel works without persistence and warns once. */
export {hashArray} from '@theme-original/ApiExplorer/storage-utils';
import {browserStorage, memoryStorage} from '../../utils/browser-storage';

export function createStorage(persistence: false | 'sessionStorage' | 'localStorage' | undefined): Storage {
  if (persistence === false) return memoryStorage();
  return browserStorage(persistence ?? 'sessionStorage', 'the API explorer will not remember credentials or choices') ?? memoryStorage();
}
