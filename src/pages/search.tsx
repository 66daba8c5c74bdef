/** The query is kept in the address so a search can be shared and reloaded. */
import React, {type ReactNode} from 'react';
import Layout from '@theme/Layout';
import useIsBrowser from '@docusaurus/useIsBrowser';
// Docusaurus 4 moves useSearchQueryString out of theme-common; useQueryString stays in both.
import {useQueryString} from '@docusaurus/theme-common';
import SearchHit, {HIGHLIGHT_POST, HIGHLIGHT_PRE} from '../components/SearchHit';
import {MAX_QUERY_LENGTH, missingResultsUrl, SEARCH_QUERY_PARAM, SEARCH_TEXTS} from '../shared/search/settings';
import {usePortalSearch} from '../search/use-portal-search';
import {useSearchResults} from '../search/use-search-results';
import styles from './search.module.css';

const highlight = {pre: HIGHLIGHT_PRE, post: HIGHLIGHT_POST};

function NoResults({query, suggestions, onSuggestion}: {query: string; suggestions: string[]; onSuggestion: (query: string) => void}): ReactNode {
  const {helpUrl} = usePortalSearch();
  return (
    <div className={styles.message}>
      <p>
        {SEARCH_TEXTS.noResults} “<strong>{query}</strong>”
      </p>
      {suggestions.length > 0 && (
        <>
          <p>{SEARCH_TEXTS.suggestions}:</p>
          <ul className={styles.suggestions}>
            {suggestions.map((suggestion) => (
              <li key={suggestion}>
                <button type="button" className="button button--sm button--outline button--primary" onClick={() => onSuggestion(suggestion)}>
                  {suggestion}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      <p>
        {SEARCH_TEXTS.reportMissing} <a href={missingResultsUrl(helpUrl, query)}>{SEARCH_TEXTS.reportMissingLink}</a>
      </p>
    </div>
  );
}

function Results({query, setQuery}: {query: string; setQuery: (query: string) => void}): ReactNode {
  const results = useSearchResults(query, highlight);
  return (
    <>
      <p className={styles.status} role="status">
        {results.stalled
          ? 'Searching…'
          : results.status === 'done' && results.nbHits > 0
            ? `${results.nbHits} ${results.nbHits === 1 ? 'result' : 'results'}`
            : ''}
      </p>
      {results.status === 'error' && (
        <div className={styles.message}>
          <p className={styles.errorTitle}>{SEARCH_TEXTS.errorTitle}</p>
          <p>{SEARCH_TEXTS.errorHelp}</p>
        </div>
      )}
      {results.status === 'done' && results.nbHits === 0 && <NoResults query={query} suggestions={results.suggestions} onSuggestion={setQuery} />}
      {results.hits.length > 0 && (
        <ol className={styles.hits}>
          {results.hits.map((hit) => (
            <li key={hit.objectID}>
              <SearchHit hit={hit} />
            </li>
          ))}
        </ol>
      )}
      {results.hasMore && results.status !== 'error' && (
        <button type="button" className="button button--secondary" onClick={results.showMore} disabled={results.status === 'loading'}>
          Show more results
        </button>
      )}
    </>
  );
}

/** The query field; loading the engine starts as it takes focus. */
function SearchForm({query, setQuery}: {query: string; setQuery: (query: string) => void}): ReactNode {
  const {client} = usePortalSearch();
  return (
    <form role="search" className={styles.form} onSubmit={(event) => event.preventDefault()}>
      <input
        type="search"
        name="q"
        className={styles.input}
        aria-label="Search the documentation"
        placeholder={SEARCH_TEXTS.placeholder}
        maxLength={MAX_QUERY_LENGTH}
        autoComplete="off"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onFocus={client.prepare}
        // The page exists to take a query: with none yet, focus goes where the reader will type.
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus={!query}
      />
    </form>
  );
}

export default function SearchPage(): ReactNode {
  const [rawQuery, setQuery] = useQueryString(SEARCH_QUERY_PARAM);
  // The server renders no query; the browser reads it from the address after hydration.
  const isBrowser = useIsBrowser();
  const query = isBrowser ? rawQuery.slice(0, MAX_QUERY_LENGTH) : '';
  return (
    <Layout title={query ? `Search: ${query}` : 'Search'} description="Search the API, command-line and concept documentation.">
      <main className={`container margin-vert--lg ${styles.page}`}>
        <h1>{query ? `Search results for “${query}”` : 'Search the documentation'}</h1>
        <SearchForm query={query} setQuery={setQuery} />
        {query.trim() && <Results query={query} setQuery={setQuery} />}
      </main>
    </Layout>
  );
}
