/**
 * A generated reference page's content as data: the generator writes it
 * beside the page (lib/reference/operation-page.ts) and the page renders it
 * (src/components/reference/PageContent.tsx). The page's MDX is its front
 * matter, its table of contents from the data and one element: as data, the
 * bundler reads a page's content as one string, which costs it far less than
 * the same content compiled from MDX, headings and elements included.
 */

/** Rendered Markdown: a text, or an element's tag, its properties and its children. */
export type Markup = string | [tag: string, props: Record<string, string | number | boolean> | null, ...children: Markup[]];

export interface FieldData {
  name: string;
  type: string;
  required?: true;
  constraints?: string[];
  /** The field repeats an enclosing schema, whose fields are listed above. */
  circular?: true;
  /** Its description and allowed values, rendered. */
  body: Markup[];
  /** Its nested fields, then its variants'. */
  lists: FieldListData[];
}

/** A list of fields; one with a title is nested, shown collapsed under it. */
export interface FieldListData {
  title?: string;
  fields: FieldData[];
}

/** Request samples, a tab each. */
export interface SamplesData {
  /** The tabs' properties: a group, so the reader's language holds across pages. */
  tabs: Record<string, string | boolean>;
  samples: {value: string; label: string; language: string; code: string}[];
}

/** A heading of the page, which its table of contents lists. */
export interface HeadingData {
  level: 2 | 3;
  /** Its anchor, as Docusaurus makes one of a Markdown heading's text. */
  id: string;
  /** Its text, rendered: words and code. */
  content: Markup[];
}

/** The operation's method and path, under the server's URL. */
export interface EndpointData {
  method: string;
  path: string;
  server: string;
}

/** A notice in a box, as a Markdown admonition (`:::warning[Title]`) renders. */
export interface AdmonitionData {
  type: string;
  title: string;
  body: Markup[];
}

/** A piece of the page, in the order the page shows them: each is what one block of its MDX would be. */
export type PageBlock =
  | {heading: HeadingData}
  /** A run of Markdown, rendered. */
  | {markup: Markup[]}
  | {fields: FieldListData}
  | {samples: SamplesData}
  | {endpoint: EndpointData}
  /** The try-it panel, with the URL of the operation's data, which the panel fetches when opened. */
  | {tryIt: string}
  | {admonition: AdmonitionData};

/** An entry of the table of contents, as Docusaurus makes one of a heading: `value` is the heading's text as HTML. */
export interface TocItem {
  value: string;
  id: string;
  level: number;
}

export interface PageData {
  content: PageBlock[];
  toc: TocItem[];
}
