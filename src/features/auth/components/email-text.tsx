import { Fragment } from 'react';

/**
 * An e-mail address inside a sentence: kept left to right (also in Arabic) and allowed to wrap only after
 * "@" and dots, so a long address never breaks mid-word. Ignores children, so it can be a Trans component.
 */
export function EmailText({ email }: { email: string; children?: unknown }) {
  const parts = email.split(/(?<=[@.])/);
  return (
    <bdi dir="ltr" className="font-medium [overflow-wrap:anywhere] text-foreground">
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </bdi>
  );
}
