import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PublicPageLayout } from '../../../components/public-page-layout.tsx';
import './legal-document.css';

export interface LegalSection {
  title: string;
  body: ReactNode;
}

export const LAST_UPDATED = 'Last updated March 13, 2025';

/** The frame both legal pages share: title, date, numbered sections, and the way back. */
export function LegalDocument({ title, sections }: { title: string; sections: readonly LegalSection[] }) {
  return (
    <PublicPageLayout wide>
      <article className="legal">
        <Link to="/" className="legal__back">
          <span aria-hidden="true">← </span>Back to Home
        </Link>
        <h1 className="legal__title">{title}</h1>
        <p className="legal__updated">{LAST_UPDATED}</p>
        {sections.map((section, index) => (
          <section key={section.title} className="legal__section" aria-labelledby={`legal-${index}`}>
            <h2 id={`legal-${index}`} className="legal__heading">
              {index + 1}. {section.title}
            </h2>
            <div className="legal__body">{section.body}</div>
          </section>
        ))}
      </article>
    </PublicPageLayout>
  );
}
