/**
 * The theme's ApiExplorer with the store its ApiItem page would create. Safe by
 * default: it opens on the sandbox, asks before a request that may change data
 * goes elsewhere (ConfirmSend), and never sends the reader token to the sandbox.
 */
import React, {useEffect, useMemo, useRef, useState} from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import ApiExplorer from '@theme/ApiExplorer';
import {createAuth, setAuthData} from '@theme/ApiExplorer/Authorization/slice';
import {createPersistenceMiddleware} from '@theme/ApiExplorer/persistenceMiddleware';
import {createStorage} from '@theme/ApiExplorer/storage-utils';
import {createStoreWithState} from '@theme/ApiItem/store';
import {Provider} from 'react-redux';
import type {Store} from 'redux';
import {ConfirmSend, type PendingRequest} from './ConfirmSend';
import {CredentialNotice, ServerNotice} from './TryItNotices';
import {
  credentialSource,
  forgetCredential,
  onReaderReturn,
  readerTokenScheme,
  storedCredential,
  syncReaderToken,
  type CookieState,
  type ReaderTokenSettings,
} from '../../shared/reader-token';
import {needsConfirmation, TryItContext, type TryItSettings, type TryItState} from './try-it-context';
import styles from './styles.module.css';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the theme's operation and options objects, as JSON; the theme does not export their types
type JsonObject = Record<string, any>;
type Operation = JsonObject;
type PanelStorage = ReturnType<typeof createStorage>;

const SUCCESS = /^2\d\d$/;

function createPanelStore(api: Operation, options: JsonObject | undefined, sandboxUrl: string | null) {
  const accept = Object.entries<Operation>(api.responses ?? {})
    .filter(([status]) => SUCCESS.test(status))
    .flatMap(([, response]) => Object.keys(response.content ?? {}));
  const contentTypes = Object.keys(api.requestBody?.content ?? {});
  const params: Record<string, Operation[]> = {path: [], query: [], header: [], cookie: []};
  for (const parameter of api.parameters ?? []) {
    // Prefilled like the theme's page: the default, else an example.
    const prefill = parameter.schema?.default ?? parameter.example ?? parameter.schema?.example;
    params[parameter.in]?.push(prefill === undefined ? parameter : {...parameter, value: prefill});
  }
  // Every panel opens on the sandbox, whatever was chosen before.
  const servers = [...(api.servers ?? [])].sort((a, b) => Number(b.url === sandboxUrl) - Number(a.url === sandboxUrl));
  return createStoreWithState(
    {
      accept: {value: accept[0], options: accept},
      contentType: {value: contentTypes[0], options: contentTypes},
      server: {value: servers[0], options: servers},
      response: {value: undefined},
      body: {type: 'empty'},
      params,
      auth: createAuth({security: api.security, securitySchemes: api.securitySchemes, options}),
      schemaSelection: {selections: {}},
      encodingSelection: {},
    },
    [createPersistenceMiddleware(options)],
  );
}

/**
 * Never the product's reader token for the sandbox, a mock that needs no real key
 * (and, locally, plain http). A key the reader typed goes wherever they send it.
 */
function panelKey(storage: PanelStorage, schemeKey: string, serverUrl: string | undefined, sandboxUrl: string | null): string | undefined {
  const stored = storedCredential(storage, schemeKey);
  if (credentialSource(stored) === 'cookie' && serverUrl === sandboxUrl) return undefined;
  return stored?.apiKey;
}

function showPanelKey(store: Store, storage: PanelStorage, schemeKey: string, sandboxUrl: string | null): void {
  const state = store.getState() as Operation;
  const current = state.auth.data[schemeKey];
  const apiKey = panelKey(storage, schemeKey, state.server.value?.url, sandboxUrl);
  if (!current || current.apiKey === apiKey) return;
  const entry = storage.getItem(schemeKey);
  store.dispatch(setAuthData({scheme: schemeKey, key: 'apiKey', value: apiKey}));
  // The theme's persistence has just rewritten the entry without its marker: put it back.
  if (entry === null) storage.removeItem(schemeKey);
  else storage.setItem(schemeKey, entry);
}

function filledPath(path: string, pathParams: Operation[]): string {
  return path.replace(/\{([^}]+)\}/g, (placeholder, name: string) => {
    const value = pathParams.find((parameter) => parameter.name === name)?.value;
    return value === undefined || value === '' ? placeholder : encodeURIComponent(String(value));
  });
}

export default function TryItPanel({dataUrl}: {dataUrl: string}): React.JSX.Element {
  const {siteConfig} = useDocusaurusContext();
  const options = (siteConfig.themeConfig as {api?: JsonObject}).api;
  const {sandboxUrl, tokenCookie} = siteConfig.customFields!.tryIt as TryItSettings;
  const storage = useMemo(() => createStorage(options?.authPersistence ?? 'sessionStorage'), [options]);
  const [api, setApi] = useState<Operation>();
  const [failed, setFailed] = useState(false);
  const [cookieState, setCookieState] = useState<CookieState>('absent');
  const tokenSettings = useMemo<ReaderTokenSettings | undefined>(() => {
    const schemeKey = readerTokenScheme(api?.securitySchemes);
    return schemeKey ? {cookieName: tokenCookie, schemeKey} : undefined;
  }, [api, tokenCookie]);
  useEffect(() => {
    fetch(dataUrl)
      .then((response) => (response.ok ? response.json() : Promise.reject(new Error(`${response.status}`))))
      .then((operation: Operation) => {
        // The stored token follows the cookie before the panel reads it.
        const schemeKey = readerTokenScheme(operation.securitySchemes);
        if (schemeKey) setCookieState(syncReaderToken(storage, document.cookie, {cookieName: tokenCookie, schemeKey}));
        setApi(operation);
      })
      .catch(() => setFailed(true));
  }, [dataUrl, storage, tokenCookie]);
  // Bumped by "Forget my credentials" to rebuild the store from the emptied storage.
  const [generation, setGeneration] = useState(0);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- generation is the signal to rebuild: "Forget my credentials" bumps it
  const store = useMemo(() => (api ? createPanelStore(api, options, sandboxUrl) : undefined), [api, options, sandboxUrl, generation]);
  useEffect(() => {
    if (!store || !tokenSettings) return undefined;
    const show = () => showPanelKey(store, storage, tokenSettings.schemeKey, sandboxUrl);
    const check = () => {
      setCookieState(syncReaderToken(storage, document.cookie, tokenSettings));
      show();
    };
    check();
    // Only when the server changes: on any other action the theme's persistence writes the key after its subscribers run.
    let server = (store.getState() as Operation).server.value?.url;
    const unsubscribe = store.subscribe(() => {
      const chosen = (store.getState() as Operation).server.value?.url;
      if (chosen === server) return;
      server = chosen;
      show();
    });
    const stopWatching = onReaderReturn(check);
    return () => {
      unsubscribe();
      stopWatching();
    };
  }, [store, storage, tokenSettings, sandboxUrl]);

  const tryIt = useMemo<TryItState>(
    () => ({
      sandboxUrl,
      cookieState,
      credentialSource: () => (tokenSettings ? credentialSource(storedCredential(storage, tokenSettings.schemeKey)) : 'none'),
    }),
    [sandboxUrl, cookieState, storage, tokenSettings],
  );

  const [pending, setPending] = useState<PendingRequest & {form: HTMLFormElement}>();
  const confirmed = useRef(false);
  const guardSubmit = (event: React.FormEvent<HTMLDivElement>) => {
    if (confirmed.current || !api || !store || !(event.target instanceof HTMLFormElement)) return;
    const state = store.getState() as Operation;
    const serverUrl: string | undefined = state.server.value?.url;
    if (!needsConfirmation(api.method, serverUrl, sandboxUrl)) return;
    // Before the theme's handler: it never sees this submission.
    event.preventDefault();
    event.stopPropagation();
    setPending({method: api.method, path: filledPath(api.path, state.params.path), serverUrl: serverUrl ?? '', form: event.target});
  };
  const answer = (send: boolean) => {
    const form = pending?.form;
    setPending(undefined);
    if (!send || !form) return;
    confirmed.current = true;
    try {
      form.requestSubmit();
    } finally {
      confirmed.current = false;
    }
  };

  const forgetCredentials = () => {
    for (const scheme of Object.keys(api?.securitySchemes ?? {})) {
      if (scheme === tokenSettings?.schemeKey) forgetCredential(storage, document.cookie, tokenSettings);
      else storage.removeItem(scheme);
    }
    setGeneration(generation + 1);
  };
  if (failed) return <p role="alert">The try-it panel could not be loaded. Check your connection and open it again.</p>;
  if (!api || !store) return <p role="status">Loading the try-it panel…</p>;
  return (
    <div className={`${styles.panel} openapi-right-panel__container`} onSubmitCapture={guardSubmit}>
      <TryItContext.Provider value={tryIt}>
        <Provider key={generation} store={store}>
          {/* Before the form: where the request goes and with which key, read before sending. */}
          <ServerNotice />
          <CredentialNotice />
          <ApiExplorer item={api} />
        </Provider>
      </TryItContext.Provider>
      <button type="button" className="button button--secondary button--sm" onClick={forgetCredentials}>
        Forget my credentials
      </button>
      <ConfirmSend request={pending} onAnswer={answer} />
    </div>
  );
}
