/**
 * A generated reference page's content as data: the generator writes it
 * beside the page (lib/reference/operation-page.ts) and the page renders it
 * (src/components/reference/). The page's MDX keeps its headings, for its
 * table of contents, and a small element for each piece of data between
 * them. As data, the bundler reads a page's content as one string, which
 * costs it far less than the same content compiled from MDX.
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

export interface PageData {
  fieldLists: FieldListData[];
  /** Runs of Markdown between the page's headings and components, rendered. */
  blocks: Markup[][];
  samples: SamplesData[];
}
