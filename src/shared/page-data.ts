/**
 * A generated reference page's content as data, written by
 * lib/reference/operation-page.ts and rendered by
 * src/components/reference/PageContent.tsx: the bundler reads it as one string,
 * far cheaper than the same content compiled from MDX.
 */

/** Rendered Markdown: a text, or an element's tag, its properties and its children. */
export type Markup = string | [tag: string, props: Record<string, string | number | boolean> | null, ...children: Markup[]];

export interface FieldData {
  name: string;
  type: string;
  required?: true;
  constraints?: string[];
  circular?: true;
  body: Markup[];
  lists: FieldListData[];
}

/** One with a title is nested, shown collapsed under it. */
export interface FieldListData {
  title?: string;
  fields: FieldData[];
}

export interface SamplesData {
  /** A group, so the reader's language holds across pages. */
  tabs: Record<string, string | boolean>;
  samples: {value: string; label: string; language: string; code: string}[];
}

export interface HeadingData {
  level: 2 | 3;
  /** As Docusaurus makes one of a Markdown heading's text. */
  id: string;
  content: Markup[];
}

export interface EndpointData {
  method: string;
  path: string;
  server: string;
}

export interface AdmonitionData {
  type: string;
  title: string;
  body: Markup[];
}

export type PageBlock =
  | {heading: HeadingData}
  | {markup: Markup[]}
  | {fields: FieldListData}
  | {samples: SamplesData}
  | {endpoint: EndpointData}
  /** The panel fetches the operation's data from `url` when opened. */
  | {tryIt: string}
  | {admonition: AdmonitionData};

/** `value` is the heading's text as HTML, as Docusaurus makes it. */
export interface TocItem {
  value: string;
  id: string;
  level: number;
}

export interface PageData {
  content: PageBlock[];
  toc: TocItem[];
}
