import React, {type ReactNode} from 'react';
import {circularFieldNote} from '../../shared/circular-field';
import styles from './styles.module.css';

interface FieldsProps {
  children?: ReactNode;
  /** Fields of a nested object: shown collapsed, under this title. */
  nested?: boolean;
  title?: string;
}

/** A list of fields: parameters, or the properties of a body. */
export function Fields({children, nested, title}: FieldsProps): React.JSX.Element {
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

export function Field({name, type, required, constraints = [], circular, children}: FieldProps): React.JSX.Element {
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
