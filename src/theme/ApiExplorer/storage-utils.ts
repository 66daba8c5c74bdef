/**
 * The OpenAPI theme's storage helpers, made safe: its try-it panel keeps
 * credentials and choices in session storage, and the stock helper throws
 * (crashing the page) when the browser denies storage. Here the panel then
 * works without persistence and a warning is logged once.
 */
export {hashArray} from '@theme-original/ApiExplorer/storage-utils';
import {browserStorage, memoryStorage} from '../../utils/browser-storage';

export function createStorage(persistence: false | 'sessionStorage' | 'localStorage' | undefined): Storage {
  if (persistence === false) return memoryStorage();
  return browserStorage(persistence ?? 'sessionStorage', 'the API explorer will not remember credentials or choices') ?? memoryStorage();
}
