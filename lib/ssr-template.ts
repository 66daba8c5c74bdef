/**
 * The portal's page template (Docusaurus's `ssrTemplate` option, in Eta, reading only
 * the variables its documentation lists). Unlike Docusaurus's default, the scripts run
 * after the first paint: every page is complete as server HTML, and deferred scripts
 * would run the whole app before the browser painted it. They are still preloaded in
 * order from the start.
 */

/**
 * After first contentful paint where the browser reports paints, else at once;
 * async=false keeps their order. The scripts are found in the preload links, so
 * this text, allowed by CSP hash, is the same in every build.
 */
export const AFTER_FIRST_PAINT_SCRIPT = `(function(){var waiting=2;function ready(){if(--waiting)return;document.querySelectorAll("link[data-after-first-paint]").forEach(function(link){var script=document.createElement("script");script.src=link.getAttribute("href");script.async=false;document.head.appendChild(script)})}document.addEventListener("DOMContentLoaded",ready);if(!window.PerformanceObserver||(PerformanceObserver.supportedEntryTypes||[]).indexOf("paint")<0)return ready();new PerformanceObserver(function(list,observer){if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();ready()}}).observe({type:"paint",buffered:true})})()`;

export const ssrTemplate = `<!DOCTYPE html>
<html <%~ it.htmlAttributes %>>
  <head>
    <meta charset="UTF-8">
    <meta name="generator" content="Docusaurus v<%= it.version %>">
    <% it.metaAttributes.forEach((metaAttribute) => { %>
      <%~ metaAttribute %>
    <% }); %>
    <%~ it.headTags %>
    <% it.stylesheets.forEach((stylesheet) => { %>
      <link rel="stylesheet" href="<%= it.baseUrl %><%= stylesheet %>" />
    <% }); %>
    <% it.scripts.forEach((script) => { %>
      <link rel="preload" href="<%= it.baseUrl %><%= script %>" as="script" data-after-first-paint />
    <% }); %>
    <script>${AFTER_FIRST_PAINT_SCRIPT}</script>
  </head>
  <body <%~ it.bodyAttributes %>>
    <%~ it.preBodyTags %>
    <div id="__docusaurus"><%~ it.appHtml %></div>
    <%~ it.postBodyTags %>
  </body>
</html>`;
