/**
 * Docusaurus's ComponentCreator, run for a route when a page first renders or
 * preloads it. The route table calls it for each of its 419 routes as main.js
 * starts, and each call flattens the route's chunk names and builds a
 * react-loadable component, though a page uses four or five of them.
 */
import {createElement, type ComponentType, type ReactNode} from 'react';
import ComponentCreator from '@docusaurus/ComponentCreator';

type RouteComponent = ComponentType<object> & {preload: () => Promise<unknown>};

export default function lazyComponentCreator(path: string, hash: string): RouteComponent {
  let created: RouteComponent | undefined;
  const create = (): RouteComponent => (created ??= ComponentCreator(path, hash) as unknown as RouteComponent);
  const Route = (props: object): ReactNode => createElement(create(), props);
  // Docusaurus preloads a page's routes before it renders them, and a link's route on hover.
  Route.preload = () => create().preload();
  return Route;
}
