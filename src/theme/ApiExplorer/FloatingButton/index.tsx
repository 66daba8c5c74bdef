/**
 * The theme's FloatingButton (the server selector's Edit and Hide), the same
 * but for `type="button"`: without it the button sits in the request form as
 * a submit button, so a click on Edit, or Enter in any field, sent the request.
 */
import React from 'react';

interface Props {
  label?: string;
  onClick?: React.MouseEventHandler<HTMLButtonElement>;
  children?: React.ReactNode;
}

export default function FloatingButton({label, onClick, children}: Props): React.JSX.Element {
  return (
    // The theme's box: focusing it shows its Edit button (the theme's CSS), so keyboard readers reach the selector.
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
