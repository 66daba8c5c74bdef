import React, {createElement, type ReactNode} from 'react';
import {circularFieldNote} from '../../shared/circular-field';
import type {FieldData, FieldListData} from '../../shared/page-data';
import {renderMarkup, usePageComponents, type Components} from './markup';
import styles from './styles.module.css';

interface FieldsProps {
  children?: ReactNode;
  /** Fields of a nested object: shown collapsed, under this title. */
  nested?: boolean;
  title?: string;
}

/** A list of fields: parameters, or the properties of a body. */
function Fields({children, nested, title}: FieldsProps): React.JSX.Element {
  if (!nested) return <div className={styles.fields}>{children}</div>;
  return (
    <details className={styles.nested}>
      <summary>{title ?? 'Fields'}</summary>
      <div className={styles.fields}>{children}</div>
    </details>
  );
}

interface FieldProps {
  name: string;
  type: string;
  required?: boolean;
  constraints?: string[];
  /** The field repeats an enclosing schema, whose fields are listed above. */
  circular?: boolean;
  /** Its description, then its nested fields. */
  children?: ReactNode;
}

function Field({name, type, required, constraints = [], circular, children}: FieldProps): React.JSX.Element {
  return (
    // data-field: the search records read a field as "name: description" (lib/search/records.ts).
    <div className={styles.field} data-field={name}>
      <p className={styles.fieldHead}>
        <code className={styles.fieldName}>{name}</code>
        <span className={styles.type}>{type}</span>
        {required && <span className={styles.required}>required</span>}
        {constraints.map((constraint) => (
          <span key={constraint} className={styles.constraint}>
            {constraint}
          </span>
        ))}
      </p>
      <div className={styles.fieldBody}>
        {children}
        {circular && <p className={styles.circular}>{circularFieldNote(type)}</p>}
      </div>
    </div>
  );
}

function FieldListOf({data, components}: {data: FieldListData; components: Components}): React.JSX.Element {
  // Children as arguments, as the page's compiled MDX passes its own: a static list, which needs no keys.
  const field = ({body, lists, ...props}: FieldData, index: number) =>
    createElement(
      Field,
      {key: index, ...props},
      ...body.map((node) => renderMarkup(node, components)),
      ...lists.map((list) => createElement(FieldListOf, {data: list, components})),
    );
  return (
    <Fields nested={data.title !== undefined} title={data.title}>
      {data.fields.map(field)}
    </Fields>
  );
}

/** A list of fields from the page's data (lib/reference/operation-page.ts writes it beside the page). */
export function FieldList({data}: {data: FieldListData}): React.JSX.Element {
  return <FieldListOf data={data} components={usePageComponents()} />;
}
