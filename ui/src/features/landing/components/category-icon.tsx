import type { AccommodationCategory } from '@accommodate/shared-events/config/accommodation-categories';

// Tiny inline glyphs, so the landing page needs no icon library.
const PATHS: Record<AccommodationCategory, string> = {
  academic: 'M2 4h5a3 3 0 0 1 3 3v7a2 2 0 0 0-2-2H2zM14 4H9a3 3 0 0 0-3 3', // open book
  behavioral: 'M8 14s-5-3.2-5-7a3 3 0 0 1 5-2 3 3 0 0 1 5 2c0 3.8-5 7-5 7z', // heart
  organizational: 'M3 4h2M3 8h2M3 12h2M7 4h6M7 8h6M7 12h6', // checklist
  custom: 'M8 2l1.8 3.8 4.2.5-3.1 2.9.8 4.1L8 11.3 4.3 13.3l.8-4.1L2 6.3l4.2-.5z', // star
};

export function CategoryIcon({ category }: { category: AccommodationCategory }) {
  return (
    <svg width="12" height="12" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d={PATHS[category]} fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
