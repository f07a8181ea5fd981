import type { ReactNode } from 'react';

/** A card's title as a heading (h2 under the page's h1), so a screen reader can jump between a record's sections. */
export function CardHeading({ children }: { children: ReactNode }) {
  return <h2 className="card-heading">{children}</h2>;
}
