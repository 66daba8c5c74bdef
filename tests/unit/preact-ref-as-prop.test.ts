// @vitest-environment happy-dom
/** The browser's Preact hands a function component its `ref` as a prop, as React 19 and Docusaurus 4's theme expect. */
import {Component, createElement, createRef, forwardRef, memo, render, type Ref} from 'preact/compat';
import {afterEach, expect, it} from 'vitest';
import '../../src/plugins/preact-dom/ref-as-prop';

// Preact 10's types leave `ref` out of a function component's props, which is what is tested here.
const element = createElement as (type: unknown, props: object | null, ...children: unknown[]) => ReturnType<typeof createElement>;
const root = document.createElement('div');
afterEach(() => render(null, root));

// Docusaurus 4's code block: a function component that puts its `ref` prop on the element it renders.
const Pre = ({ref, ...props}: {ref?: Ref<HTMLPreElement>; children?: string}) => element('pre', {...props, ref});

it('gives a function component its ref as a prop', () => {
  const ref = createRef<HTMLPreElement>();
  render(element(Pre, {ref}, 'code'), root);
  expect(ref.current).toBe(root.querySelector('pre'));
});

it('gives a memoised function component its ref as a prop', () => {
  const ref = createRef<HTMLPreElement>();
  render(element(memo(Pre), {ref}, 'code'), root);
  expect(ref.current).toBe(root.querySelector('pre'));
});

it('leaves a component that ignores its ref prop without a ref, as React does', () => {
  const ref = createRef<unknown>();
  const Ignores = (props: {children?: string}) => element('p', null, props.children);
  render(element(Ignores, {ref}, 'text'), root);
  expect(root.innerHTML).toBe('<p>text</p>');
  expect(ref.current).toBeNull();
});

it('keeps the ref of a forwardRef component, of a class component and of an element', () => {
  const forwarded = createRef<HTMLPreElement>();
  const instance = createRef<Counter>();
  const em = createRef<HTMLElement>();
  class Counter extends Component {
    render() {
      return element('span', null, 'class');
    }
  }
  const Forwarded = forwardRef<HTMLPreElement>((props, ref) => element('pre', {ref}, 'forwarded'));
  render(element('div', null, element(Forwarded, {ref: forwarded}), element(Counter, {ref: instance}), element('em', {ref: em})), root);
  expect(forwarded.current).toBe(root.querySelector('pre'));
  expect(instance.current).toBeInstanceOf(Counter);
  expect(em.current).toBe(root.querySelector('em'));
});
