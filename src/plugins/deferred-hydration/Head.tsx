/**
 * `@docusaurus/Head` in the browser's bundle: while a page hydrates, the head is
 * already the server's, so each `Helmet` renders only once hydrated, in a later
 * task. One mounted after a navigation renders at once.
 */
import React, {type ReactNode} from 'react';
import {Helmet} from 'react-helmet-async';
import type {Props} from '@docusaurus/Head';
import {useHydrated} from './hydration';

export default function Head(props: Props): ReactNode {
  return useHydrated() ? <Helmet {...props} /> : null;
}
