/**
 * `@docusaurus/Head` in the browser's bundle: while a page hydrates, the head is
 * already the server's, so each `Helmet` renders only once hydrated, in a later
 * task. One mounted after a navigation renders at once.
 */
import React, {useContext, useEffect, useState, type ReactNode} from 'react';
import {Helmet} from 'react-helmet-async';
import type {Props} from '@docusaurus/Head';
import {HydrationContext} from './hydration';

export default function Head(props: Props): ReactNode {
  const hydration = useContext(HydrationContext);
  const [shown, setShown] = useState(!hydration.hydrating);
  useEffect(() => setShown(true), []);
  return shown ? <Helmet {...props} /> : null;
}
