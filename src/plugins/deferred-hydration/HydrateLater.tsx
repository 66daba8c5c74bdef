/**
 * A part of the page that hydrates after the shell (./hydration.ts): it suspends,
 * which keeps its server markup until its turn, and sees "is browser" false until
 * hydrated (./useIsBrowser.ts). The server renders the children alone: React's server would write a
 * large Suspense boundary apart with an inline script the CSP refuses.
 */
import React, {Fragment, Suspense, useContext, useEffect, useLayoutEffect, useState, type ComponentType, type ReactNode} from 'react';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import {HydrationContext, pageHasChanged, partFinished, partHydrated, waitForTurn, type Hydration, type Turn} from './hydration';

function Part({turn, children}: {turn: Turn | undefined; children: ReactNode}): ReactNode {
  if (turn && !turn.come) throw turn.promise;
  const [hydration] = useState<Hydration>(() => ({hydrating: turn !== undefined}));
  const [renderedAfresh, setRenderedAfresh] = useState(false);
  useLayoutEffect(() => {
    if (!hydration.hydrating) return;
    partHydrated(hydration);
    // Markup written for the page the reader has left: rendered again from scratch, for this page's attributes.
    if (pageHasChanged()) setRenderedAfresh(true);
  }, [hydration]);
  useEffect(() => {
    if (turn) partFinished(turn);
  }, [turn]);
  return (
    <HydrationContext.Provider value={hydration}>
      <Fragment key={String(renderedAfresh)}>{children}</Fragment>
    </HydrationContext.Provider>
  );
}

/** Where a part waits, Preact keeps one node of the server's markup. */
export default function HydrateLater({children}: {children: ReactNode}): ReactNode {
  const outer = useContext(HydrationContext);
  const [turn] = useState(() => (outer.hydrating ? waitForTurn() : undefined));
  // A layout effect, whose cleanup runs even when the part leaves before effects run (lazy tabs showing the stored choice as they hydrate).
  useLayoutEffect(() => () => turn && partFinished(turn), [turn]);
  if (!ExecutionEnvironment.canUseDOM) return children;
  return (
    <Suspense fallback={null}>
      <Part turn={turn}>{children}</Part>
    </Suspense>
  );
}

export function hydratedLater<Props extends object>(Component: ComponentType<Props>): ComponentType<Props> {
  const PartOfItsOwn = (props: Props) => (
    <HydrateLater>
      <Component {...props} />
    </HydrateLater>
  );
  PartOfItsOwn.displayName = `HydratedLater(${Component.displayName ?? Component.name})`;
  return PartOfItsOwn;
}
