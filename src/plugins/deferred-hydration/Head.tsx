/**
 * `@docusaurus/Head` in the browser's bundle. Docusaurus's own renders
 * react-helmet-async's `Helmet` with its props; while a page hydrates, the
 * document's head is already the one the server wrote for it, and the dozen
 * `Helmet`s of a page, rendering their tags and gathering them, were some
 * 5 ms of the shell's first pass. A `Head` that mounts while the shell or its
 * part hydrates renders its `Helmet` once hydrated, in a later task; one that
 * mounts after (a page reached by a link) renders it at once.
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
