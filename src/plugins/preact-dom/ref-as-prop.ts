/**
 * React 19 hands a function component its `ref` as an ordinary prop, and Docusaurus 4's theme relies on it (no
 * `forwardRef`); preact/compat 10 does so only for components wrapped in its `forwardRef`, and otherwise points the
 * ref at Preact's own component instance. This hook moves the ref into the props of every function component, as
 * compat's `forwardRef` and Preact 11 do; class components and elements keep theirs.
 */
import {options, type VNode} from 'preact';

const previousVNodeHook = options.vnode;

options.vnode = (vnode: VNode) => {
  const {type} = vnode;
  if (typeof type === 'function' && !type.prototype?.render && vnode.ref) {
    (vnode.props as {ref?: unknown}).ref = vnode.ref;
    vnode.ref = null;
  }
  previousVNodeHook?.(vnode);
};
