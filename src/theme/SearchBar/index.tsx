/**
 * DocSearch over the portal's search client (src/search), replacing the Algolia
 * theme's SearchBar, which always talks to the hosted service, preconnects on
 * every page and allows 512-character queries.
 */
import React, {useCallback, useEffect, useMemo, useRef, useState, type ReactNode} from 'react';
import {createPortal} from 'react-dom';
import {DocSearchButton} from '@docsearch/react/button';
import {useDocSearchKeyboardEvents} from '@docsearch/react/useDocSearchKeyboardEvents';
import type {DocSearchModal as DocSearchModalType, InternalDocSearchHit, StoredDocSearchHit} from '@docsearch/react';
import Head from '@docusaurus/Head';
import useBaseUrl from '@docusaurus/useBaseUrl';
import Link from '@docusaurus/Link';
import {useHistory} from '@docusaurus/router';
import {oneCallerClient} from '../../search/search-client';
import {takeSearchKeyPressedEarly} from '../../shared/search/keys-before-hydration';
import {usePortalSearch} from '../../search/use-portal-search';
import {browserStorage, memoryStorage} from '../../utils/browser-storage';
import {
  attributesToSnippet,
  isNarrowScreen,
  MAX_QUERY_LENGTH,
  missingResultsUrl,
  RECENT_SEARCHES,
  RECENT_SEARCHES_WITH_FAVORITES,
  RESULTS_PER_GROUP,
  SEARCH_TEXTS,
  searchPageUrl,
} from '../../shared/search/settings';
import '@docsearch/css/dist/_variables.css';
import '@docsearch/css/dist/button.css';
import './styles.css';

let DocSearchModal: typeof DocSearchModalType | undefined;

/** Fetched when the reader first reaches for search. */
function loadModal(): Promise<void> {
  if (DocSearchModal) return Promise.resolve();
  return Promise.all([import('@docsearch/react/modal'), import('@docsearch/css/dist/modal.css')]).then(([module]) => {
    DocSearchModal = module.DocSearchModal;
  });
}

const modalTranslations = {
  searchBox: {placeholderText: SEARCH_TEXTS.placeholder},
  startScreen: {
    noRecentSearchesText: SEARCH_TEXTS.noRecent,
    recentSearchesTitle: SEARCH_TEXTS.recentTitle,
    favoriteSearchesTitle: SEARCH_TEXTS.favoritesTitle,
    saveRecentSearchButtonTitle: SEARCH_TEXTS.saveRecent,
    removeFavoriteSearchButtonTitle: SEARCH_TEXTS.removeFavorite,
  },
  errorScreen: {titleText: SEARCH_TEXTS.errorTitle, helpText: SEARCH_TEXTS.errorHelp},
  noResultsScreen: {
    noResultsText: SEARCH_TEXTS.noResults,
    suggestedQueryText: SEARCH_TEXTS.suggestions,
    reportMissingResultsText: SEARCH_TEXTS.reportMissing,
    reportMissingResultsLinkText: SEARCH_TEXTS.reportMissingLink,
  },
};

/** The portal has no "Ask AI" mode; DocSearch asks for its toggle regardless. */
const noAskAi = () => {};

function Hit({hit, children}: {hit: InternalDocSearchHit | StoredDocSearchHit; children: ReactNode}) {
  return <Link to={hit.url}>{children}</Link>;
}

export default function SearchBar(): ReactNode {
  const search = usePortalSearch();
  const history = useHistory();
  const baseUrl = useBaseUrl('/');
  const container = useRef<HTMLDivElement | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [isOpen, setIsOpen] = useState(false);
  const [snippets, setSnippets] = useState<string[]>(() => attributesToSnippet(false));
  const [personalize, setPersonalize] = useState(true);

  const open = useCallback(() => {
    if (!container.current) {
      container.current = document.createElement('div');
      // The hosted service's logo says where results come from; the local index is ours.
      if (!search.hosted) container.current.className = 'portal-search--local';
      container.current.style.setProperty('--portal-search-no-recent', JSON.stringify(SEARCH_TEXTS.noRecent));
      document.body.insertBefore(container.current, document.body.firstChild);
    }
    setSnippets(attributesToSnippet(isNarrowScreen()));
    const storage = browserStorage('localStorage', 'search will not keep recent or favourite searches');
    // DocSearch 5.2 reads window.localStorage unguarded once its modal is open, which throws where storage is denied (algolia/docsearch#2694).
    if (!storage) Object.defineProperty(window, 'localStorage', {configurable: true, value: memoryStorage()});
    setPersonalize(storage !== undefined);
    // The engine loads while the modal does, not after the first keystroke.
    search.client.prepare();
    void loadModal().then(() => setIsOpen(true));
  }, [search.hosted, search.client]);

  const close = useCallback(() => {
    setIsOpen(false);
    buttonRef.current?.focus();
  }, []);

  // The head's script stops listening before DocSearch's listener starts below.
  useEffect(() => {
    if (takeSearchKeyPressedEarly()) open();
  }, [open]);

  useDocSearchKeyboardEvents({isOpen, onOpen: open, onClose: close, isAskAiActive: false, onAskAiToggle: noAskAi});

  // DocSearch fixes its input's limit at 512 characters; the portal allows fewer.
  useEffect(() => {
    if (isOpen) document.querySelector<HTMLInputElement>('.DocSearch-Input')?.setAttribute('maxlength', String(MAX_QUERY_LENGTH));
  }, [isOpen]);

  const navigator = useMemo(() => ({navigate: ({itemUrl}: {itemUrl: string}) => history.push(itemUrl)}), [history]);
  // A keystroke's search that the next overtakes fetches no records for its hits.
  const modalClient = useMemo(() => oneCallerClient(search.client), [search.client]);
  const transformSearchClient = useCallback(() => modalClient as never, [modalClient]);
  const indices = useMemo(
    () => [{name: search.indexName, searchParameters: {facetFilters: search.facetFilters, attributesToSnippet: snippets}}],
    [search.indexName, search.facetFilters, snippets],
  );
  const resultsFooter = useCallback(
    ({state}: {state: {query: string; context: Record<string, unknown>}}) => (
      <Link to={searchPageUrl(baseUrl, state.query)} onClick={close}>
        {`See all ${String(state.context.nbHits)} results`}
      </Link>
    ),
    [baseUrl, close],
  );

  return (
    <>
      {search.hosted && (
        <Head>
          <link rel="preconnect" href={`https://${search.hosted.appId}-dsn.algolia.net`} crossOrigin="anonymous" />
        </Head>
      )}
      <DocSearchButton
        ref={buttonRef}
        onTouchStart={loadModal}
        onFocus={loadModal}
        onMouseOver={loadModal}
        onClick={open}
        translations={{buttonText: 'Search', buttonAriaLabel: 'Search'}}
        // No key hint: its visible "Ctrl K" and its name "(Control+k)" disagree, which speech input cannot match.
        keyboardShortcuts={{'Ctrl/Cmd+K': false}}
      />
      {isOpen &&
        DocSearchModal &&
        container.current &&
        createPortal(
          <DocSearchModal
            appId={search.hosted?.appId ?? 'local'}
            apiKey={search.hosted?.apiKey ?? 'local'}
            indices={indices}
            transformSearchClient={transformSearchClient}
            onClose={close}
            initialScrollY={window.scrollY}
            navigator={navigator}
            hitComponent={Hit}
            resultsFooterComponent={resultsFooter}
            maxResultsPerGroup={RESULTS_PER_GROUP}
            recentSearchesLimit={RECENT_SEARCHES}
            recentSearchesWithFavoritesLimit={RECENT_SEARCHES_WITH_FAVORITES}
            disableUserPersonalization={!personalize}
            getMissingResultsUrl={({query}) => missingResultsUrl(search.helpUrl, query)}
            placeholder={SEARCH_TEXTS.placeholder}
            translations={modalTranslations}
          />,
          container.current,
        )}
    </>
  );
}
