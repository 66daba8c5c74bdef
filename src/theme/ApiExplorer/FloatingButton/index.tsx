/** The theme's button with `type="button"`: as a submit button inside the request form, a click on Edit or Enter in any field sent the request. */
import React from 'react';

interface Props {
  label?: string;
  onClick?: React.MouseEventHandler<HTMLButtonElement>;
  children?: React.ReactNode;
}

export default function FloatingButton({label, onClick, children}: Props): React.JSX.Element {
  return (
    // Focusing the box shows its Edit button, so keyboard readers reach the selector.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div tabIndex={0} className="openapi-explorer__floating-btn">
      {label && (
        <button type="button" tabIndex={0} onClick={onClick}>
          {label}
        </button>
      )}
      {children}
    </div>
  );
}
