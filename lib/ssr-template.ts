/**
 * The page template: Docusaurus's own, except that the site's scripts run
 * after the first paint instead of before it.
 *
 * Every page is complete as server-rendered HTML, and its scripts only make
 * it interactive. Loaded with `defer`, they usually arrive before the parser
 * ends, and then run (the whole app: React, the routes, the theme) before the
 * browser paints anything: on a phone the reader waits for that work to see
 * a page that was already there. Here the scripts are still fetched from the
 * start (preloaded, in order), but run once the page is parsed and painted.
 */
import docusaurusTemplate from '@docusaurus/core/lib/ssg/ssgTemplate.html';

const DEFERRED_SCRIPTS = `<% it.scripts.forEach((script) => { %>
      <script src="<%= it.baseUrl %><%= script %>" defer></script>
    <% }); %>`;

/**
 * Runs the scripts once the document is parsed and its first contentful paint
 * is on screen (where the browser reports paints; elsewhere at once). Inserted
 * scripts with async=false run in order, as deferred ones do. It finds them in
 * the preload links the template writes, so its text, which the CSP allows by
 * hash, is the same in every build.
 */
export const AFTER_FIRST_PAINT_SCRIPT = `(function(){var waiting=2;function ready(){if(--waiting)return;document.querySelectorAll("link[data-after-first-paint]").forEach(function(link){var script=document.createElement("script");script.src=link.getAttribute("href");script.async=false;document.head.appendChild(script)})}document.addEventListener("DOMContentLoaded",ready);if(!window.PerformanceObserver||(PerformanceObserver.supportedEntryTypes||[]).indexOf("paint")<0)return ready();new PerformanceObserver(function(list,observer){if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();ready()}}).observe({type:"paint",buffered:true})})()`;

/**
 * The entry's scripts (the webpack runtime and main.js), which the script above runs. The page's route chunks,
 * listed after them (src/plugins/route-chunk-preloads), are only preloaded: main.js asks for them as it starts,
 * and each runs in a task of its own, the page hydrating in the last, not in main.js's. They are fetched at low
 * priority: at high, they took bandwidth from the page's stylesheet, and Lighthouse's phone painted 0.4 s later.
 */
const ENTRY_SCRIPT = String.raw`(?:^|/)(?:runtime~)?main\.[0-9a-f]+\.js$`;

const AFTER_FIRST_PAINT = `<% it.scripts.forEach((script) => { %>
      <link rel="preload" href="<%= it.baseUrl %><%= script %>" as="script" <%~ new RegExp(${JSON.stringify(ENTRY_SCRIPT)}).test(script) ? 'data-after-first-paint' : 'fetchpriority="low"' %> />
    <% }); %>
    <script>${AFTER_FIRST_PAINT_SCRIPT}</script>`;

if (!docusaurusTemplate.includes(DEFERRED_SCRIPTS)) {
  throw new Error("Docusaurus's page template no longer loads its scripts as lib/ssr-template.ts expects; update it.");
}

export const ssrTemplate = docusaurusTemplate.replace(DEFERRED_SCRIPTS, AFTER_FIRST_PAINT);
