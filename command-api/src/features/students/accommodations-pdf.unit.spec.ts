import { describe, expect, it } from 'vitest';
import { groupByCategory } from '@accommodate/shared-events/config/accommodation-categories';
import { formatListDate, renderAccommodationsPdf } from './accommodations-pdf.ts';

const accommodation = (name: string, category: string | null) => ({ id: name, name, category, description: `${name} details`, status: 'active' });

describe('accommodations PDF', () => {
  it('groups by category in the library’s order, alphabetically within, deriving missing categories', () => {
    const groups = groupByCategory([
      accommodation('Visual Schedule', 'organizational'),
      accommodation('Small Group', 'academic'),
      accommodation('Breaks', null),
      accommodation('Calculator Use', 'academic'),
      accommodation('Sensory Corner', 'custom'),
    ]);
    expect(groups.map(([category, members]) => [category, members.map((m) => m.name)])).toEqual([
      ['academic', ['Calculator Use', 'Small Group']],
      ['behavioral', ['Breaks']],
      ['organizational', ['Visual Schedule']],
      ['custom', ['Sensory Corner']],
    ]);
  });

  it('writes plan dates as the lists do, without shifting the day', () => {
    expect(formatListDate('2026-01-05')).toBe('Jan 5, 2026');
    expect(formatListDate('2025-12-31')).toBe('Dec 31, 2025');
  });

  it('renders a titled PDF that runs onto further pages when the list is long', async () => {
    const render = (count: number) =>
      renderAccommodationsPdf({
        student: { firstName: 'Jane', lastInitial: 'D', grade: '4' },
        plan: { startDate: '2025-09-01', reviewDate: '2026-09-01', meetingDate: null },
        accommodations: Array.from({ length: count }, (_, i) => accommodation(`Accommodation ${i}`, 'academic')),
        generatedAt: new Date('2025-10-01T12:00:00Z'),
      });
    const short = (await render(2)).toString('latin1');
    const long = (await render(60)).toString('latin1');
    expect(short.startsWith('%PDF-')).toBe(true);
    expect(short).toContain('(Accommodations: Jane D.)');
    expect(short).toContain('/MediaBox [0 0 612 792]');
    const pages = (pdf: string) => Number(/\/Type \/Pages[\s\S]*?\/Count (\d+)/.exec(pdf)?.[1]);
    expect(pages(short)).toBe(1);
    expect(pages(long)).toBeGreaterThan(1);
  });
});
