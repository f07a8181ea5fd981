import { useEffect } from 'react';
import { useMatches } from 'react-router-dom';
import { PRODUCT_NAME } from '@accommodate/shared-events/config/plans';

/** A route's handle: the name of its page (WCAG 2.4.2). */
interface PageTitleHandle {
  title: string;
}

export const titled = (title: string): PageTitleHandle => ({ title });

const hasTitle = (handle: unknown): handle is PageTitleHandle =>
  typeof handle === 'object' && handle !== null && typeof (handle as { title?: unknown }).title === 'string';

/**
 * Names the browser tab after the page: 'Students · Accommodate'. Always the page's kind, never a record's name
 * ('Student', not the student's): titles go into the browser's history, and a student's name is personal data.
 */
export function usePageTitle(): void {
  const matches = useMatches();
  const title = [...matches].reverse().find((match) => hasTitle(match.handle))?.handle as PageTitleHandle | undefined;
  useEffect(() => {
    document.title = title ? `${title.title} · ${PRODUCT_NAME}` : `${PRODUCT_NAME}: 504 accommodation plans, organised`;
  }, [title]);
}
