import React, {createElement, type ReactNode} from 'react';
import {circularFieldNote} from '../../shared/circular-field';
import type {FieldData, FieldListData} from '../../shared/page-data';
import {renderMarkup, usePageComponents, type Components} from './markup';
import styles from './styles.module.css';

interface FieldsProps {
  children?: ReactNode;
  nested?: boolean;
  title?: string;
}

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
  circular?: boolean;
  children?: ReactNode;
}

function Field({name, type, required, constraints = [], circular, children}: FieldProps): React.JSX.Element {
  return (
    // The search records read a field as "name: description" (lib/search/records.ts).
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
  // Children as arguments, as compiled MDX passes its own: a static list, which needs no keys.
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

export function FieldList({data}: {data: FieldListData}): React.JSX.Element {
  return <FieldListOf data={data} components={usePageComponents()} />;
}
