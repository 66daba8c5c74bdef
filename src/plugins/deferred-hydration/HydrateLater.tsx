/**
 * A part of the page that hydrates after the page's shell, in a later task
 * (./hydration.ts). While the page hydrates, the part suspends: Preact keeps
 * the server's markup of a part suspended while hydrating, and hydrates it
 * when its turn comes. The part then sees the page as the server did ("is
 * browser" false) until it has hydrated, as the shell does. After a
 * navigation it renders at once; one still waiting then renders again from
 * scratch once hydrated, its markup being the first page's.
 *
 * The server renders the children alone: what the client adds renders no
 * markup, and React's server writes a large Suspense boundary's content apart,
 * with an inline script to put it in place, which the CSP would refuse.
 */
import React, {Fragment, Suspense, useContext, useEffect, useLayoutEffect, useState, type ComponentType, type ReactNode} from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
// The context behind useIsBrowser, which Docusaurus exports no provider of.
import {Context as BrowserContext} from '@docusaurus/core/lib/client/browserContext';
import {HydrationContext, pageHasChanged, partFinished, partHydrated, waitForTurn, type Hydration, type Turn} from './hydration';

function Part({turn, children}: {turn: Turn | undefined; children: ReactNode}): ReactNode {
  if (turn && !turn.come) throw turn.promise;
  const [hydration] = useState<Hydration>(() => ({hydrating: turn !== undefined}));
  const [hydrated, setHydrated] = useState(!turn);
  const [renderedAfresh, setRenderedAfresh] = useState(false);
  const isBrowser = useIsBrowser() && hydrated;
  useLayoutEffect(() => {
    if (!hydration.hydrating) return;
    partHydrated(hydration);
    // Markup written for the page the reader has left: rendered again from scratch, for this page's attributes.
    if (pageHasChanged()) setRenderedAfresh(true);
  }, [hydration]);
  useEffect(() => {
    if (!turn) return;
    setHydrated(true);
    partFinished(turn);
  }, [turn]);
  return (
    <HydrationContext.Provider value={hydration}>
      <BrowserContext.Provider value={isBrowser}>
        <Fragment key={String(renderedAfresh)}>{children}</Fragment>
      </BrowserContext.Provider>
    </HydrationContext.Provider>
  );
}

/** `children` must render one element: where a part waits, Preact keeps one node of the server's markup. */
export default function HydrateLater({children}: {children: ReactNode}): ReactNode {
  const outer = useContext(HydrationContext);
  const [turn] = useState(() => (outer.hydrating ? waitForTurn() : undefined));
  // Taken off the page before it hydrated, a part is no longer waited for: a layout effect, whose cleanup runs even
  // when the part leaves before effects run (lazy tabs showing the reader's stored choice as they hydrate).
  useLayoutEffect(() => () => turn && partFinished(turn), [turn]);
  if (!ExecutionEnvironment.canUseDOM) return children;
  return (
    <Suspense fallback={null}>
      <Part turn={turn}>{children}</Part>
    </Suspense>
  );
}

/** A component, each of whose uses is a part of its own. */
export function hydratedLater<Props extends object>(Component: ComponentType<Props>): ComponentType<Props> {
  const PartOfItsOwn = (props: Props) => (
    <HydrateLater>
      <Component {...props} />
    </HydrateLater>
  );
  PartOfItsOwn.displayName = `HydratedLater(${Component.displayName ?? Component.name})`;
  return PartOfItsOwn;
}
