/**
 * A fix to react-helmet-async 1.3.0 (Docusaurus's fork, `@slorber/react-helmet-async`),
 * behind every `<Head>`. Each instance, as it first renders, gathers the
 * props of every instance rendered so far and schedules the head's update:
 * a page's dozen instances gathered some 80 times over while the page
 * hydrated, a quarter of the shell's first pass. In the browser, instances
 * that first render together are gathered once, in a microtask after them
 * (the head is updated in an animation frame in any case). The server, which
 * reads the gathered head as soon as the page has rendered, gathers as before.
 */
import type {PinnedFix} from './pinned-fix';

export const batchedHeadFix: PinnedFix = {
  target: {packageName: 'react-helmet-async', version: '1.3.0', file: 'lib/index.module.js'},
  search: 'r.init=function(){this.rendered||(this.rendered=!0,this.props.context.helmetInstances.add(this),this.emitChange())}',
  replace:
    'r.init=function(){if(!this.rendered){this.rendered=!0;var c=this.props.context,t=this;c.helmetInstances.add(t);' +
    'q.canUseDOM?c.changePending||(c.changePending=!0,queueMicrotask(function(){c.changePending=!1,t.emitChange()})):t.emitChange()}}',
  inBuild: /changePending=!0,queueMicrotask\(/,
};
