import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { renderPacket, type PacketContent } from './packet-layout.ts';

/** Each page's words, on one line each. */
async function pagesOf(bytes: Buffer): Promise<string[]> {
  const document = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' ').replace(/\s+/g, ' '));
  }
  await document.destroy();
  return pages;
}

const rows = Array.from({ length: 120 }, (_, i) => [`Nov ${(i % 28) + 1}, 2026`, `Viewer ${i}`, 'view', `Student record ${i}`]);
const content: PacketContent = {
  title: 'Hearing packet',
  lines: ['Ava M., Grade 5', 'From Sep 1, 2026 to Nov 25, 2026'],
  parts: [
    { title: 'Student', blocks: [{ kind: 'field', label: 'Name', value: 'Ava M.' }] },
    { title: 'Access log', blocks: [{ kind: 'table', columns: [{ title: 'When', width: 2 }, { title: 'Who', width: 2 }, { title: 'Action', width: 1 }, { title: 'What', width: 3 }], rows, empty: 'No access in this range.' }] },
    { title: 'Notifications', blocks: [{ kind: 'table', columns: [{ title: 'When', width: 1 }], rows: [], empty: 'No notifications in this range.' }] },
  ],
};

describe('the hearing packet’s layout', () => {
  it('opens with the contents, each part and the page it starts on, and starts each part on a new page', async () => {
    const pages = await pagesOf(await renderPacket(content));
    expect(pages[0]).toContain('Hearing packet');
    expect(pages[0]).toContain('From Sep 1, 2026 to Nov 25, 2026');
    const contents = /Contents (.*)Page 1/.exec(pages[0]!)?.[1] ?? '';
    const starts = [...contents.matchAll(/\d\. ([A-Za-z ]+?) page (\d+)/g)].map((match) => [match[1], Number(match[2])]);
    expect(starts.map(([title]) => title)).toEqual(['Student', 'Access log', 'Notifications']);
    for (const [title, page] of starts) expect(pages[(page as number) - 1]).toMatch(new RegExp(`^${String(title)}`));
    expect(pages.at(-1)).toContain('No notifications in this range.');
  });

  it('runs a long table over pages, naming its columns again, and numbers every page ‘Page n of m’', async () => {
    const pages = await pagesOf(await renderPacket(content));
    expect(pages.length).toBeGreaterThan(4);
    pages.forEach((page, i) => expect(page).toContain(`Page ${i + 1} of ${pages.length}`));
    const accessPages = pages.filter((page) => page.includes('Student record'));
    expect(accessPages.length).toBeGreaterThan(1);
    for (const page of accessPages) expect(page).toMatch(/When Who Action What/);
    expect(accessPages.join(' ')).toContain('Viewer 119');
  });
});
