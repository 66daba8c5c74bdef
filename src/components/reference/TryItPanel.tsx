/**
 * The try-it panel: docusaurus-theme-openapi-docs' ApiExplorer with the store
 * its ApiItem page would create, built from the operation's data once fetched.
 * Loaded only when the reader opens the panel (TryIt).
 */
import React, {useEffect, useMemo, useState} from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import ApiExplorer from '@theme/ApiExplorer';
import {createAuth} from '@theme/ApiExplorer/Authorization/slice';
import {createPersistenceMiddleware} from '@theme/ApiExplorer/persistenceMiddleware';
import {createStorage} from '@theme/ApiExplorer/storage-utils';
import {createStoreWithState} from '@theme/ApiItem/store';
import {Provider} from 'react-redux';
import styles from './styles.module.css';

type Operation = Record<string, any>;

const SUCCESS = /^2\d\d$/;

function createPanelStore(api: Operation, options: Record<string, any> | undefined) {
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
  const storage = createStorage(options?.authPersistence ?? 'sessionStorage');
  const server = storage.getItem('server');
  const chosenServer = server ? JSON.parse(server) : undefined;
  return createStoreWithState(
    {
      accept: {value: accept[0], options: accept},
      contentType: {value: contentTypes[0], options: contentTypes},
      server: {value: chosenServer?.url ? chosenServer : undefined, options: api.servers ?? []},
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

export default function TryItPanel({dataUrl}: {dataUrl: string}): React.JSX.Element {
  const {siteConfig} = useDocusaurusContext();
  const options = (siteConfig.themeConfig as {api?: Record<string, any>}).api;
  const [api, setApi] = useState<Operation>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    fetch(dataUrl)
      .then((response) => (response.ok ? response.json() : Promise.reject(new Error(`${response.status}`))))
      .then(setApi, () => setFailed(true));
  }, [dataUrl]);
  // Bumped by "Forget my credentials" to rebuild the store from the emptied storage.
  const [generation, setGeneration] = useState(0);
  const store = useMemo(() => (api ? createPanelStore(api, options) : undefined), [api, options, generation]);
  const forgetCredentials = () => {
    const storage = createStorage(options?.authPersistence ?? 'sessionStorage');
    for (const scheme of Object.keys(api?.securitySchemes ?? {})) storage.removeItem(scheme);
    setGeneration(generation + 1);
  };
  if (failed) return <p role="alert">The try-it panel could not be loaded. Check your connection and open it again.</p>;
  if (!api || !store) return <p role="status">Loading the try-it panel…</p>;
  return (
    <div className={`${styles.panel} openapi-right-panel__container`}>
      <Provider key={generation} store={store}>
        <ApiExplorer item={api} />
      </Provider>
      <button type="button" className="button button--secondary button--sm" onClick={forgetCredentials}>
        Forget my credentials
      </button>
    </div>
  );
}
