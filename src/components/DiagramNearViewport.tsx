/**
 * Diagrams render when they near the viewport: mermaid is large and its rendering
 * blocks the main thread, so a page with a diagram below the fold becomes
 * interactive without it. Pages reach it through src/theme/MDXComponents.tsx.
 */
import {useEffect, useRef, useState, type ReactNode} from 'react';
import Mermaid, {type Props} from '@theme/Mermaid';

/** So it is drawn before the reader reaches it. */
const LOAD_AHEAD = '400px 0px';

export default function DiagramNearViewport(props: Props): ReactNode {
  const placeholder = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = placeholder.current;
    if (!element) return undefined;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), {rootMargin: LOAD_AHEAD});
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return near ? <Mermaid {...props} /> : <div ref={placeholder} className="portal-diagram-placeholder" />;
}
