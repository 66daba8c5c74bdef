/**
 * A reference page's field lists as data: the generator writes them beside
 * the page (lib/reference/field-lists.ts) and the page renders them
 * (src/components/reference/Fields.tsx). As data, the bundler reads them as
 * JSON, which costs it far less than the same lists compiled from MDX.
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
