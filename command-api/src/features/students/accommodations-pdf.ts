import fs from 'node:fs';
import path from 'node:path';
import { groupByCategory } from '@accommodate/shared-events/config/accommodation-categories';
import { PRODUCT_NAME } from '@accommodate/shared-events/config/plans';
import { displayName, gradeLabel, type StudentAccommodation } from '@accommodate/shared-events/schemas/student';
import { loadPdfKit } from '../../shared/pdf-document.ts';

export interface AccommodationsSheet {
  student: { firstName: string; lastInitial: string; grade: string };
  plan: { startDate: string; reviewDate: string; meetingDate: string | null } | null;
  accommodations: readonly StudentAccommodation[];
  generatedAt: Date;
}

const CATEGORY_TITLES: Record<string, string> = {
  academic: 'Academic',
  behavioral: 'Behavioral',
  organizational: 'Organizational',
  custom: 'Custom',
};

/** 'MMM d, yyyy', as the lists show dates; plan dates are calendar days, so no time zone shifts them. */
export function formatListDate(date: string | Date): string {
  const value = typeof date === 'string' ? new Date(`${date.slice(0, 10)}T00:00:00Z`) : date;
  return value.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}

/**
 * The PDF's built-in Helvetica covers only Western European letters, so names such
 * as 'Nguyễn' or 'Łukasz' would come out garbled. DejaVu Sans (Debian's
 * fonts-dejavu-core) covers Latin, Greek and Cyrillic; it is used wherever installed.
 */
const DEJAVU_FOLDER = '/usr/share/fonts/truetype/dejavu';
const DEJAVU = { regular: 'DejaVuSans.ttf', bold: 'DejaVuSans-Bold.ttf', italic: 'DejaVuSans-Oblique.ttf' };
const HELVETICA = { regular: 'Helvetica', bold: 'Helvetica-Bold', italic: 'Helvetica-Oblique' };

type FontFaces = typeof HELVETICA;

function findFonts(): FontFaces {
  const files = Object.values(DEJAVU).map((file) => path.join(DEJAVU_FOLDER, file));
  if (!files.every((file) => fs.existsSync(file))) return HELVETICA;
  return { regular: files[0]!, bold: files[1]!, italic: files[2]! };
}
let fonts: FontFaces | null = null;
const fontFaces = (): FontFaces => (fonts ??= findFonts());

const MARGIN = 72;
const INK = '#111827';
const MUTED = '#4b5563';

/**
 * The accommodations sheet a teacher prints for colleagues: who, which plan dates,
 * and every accommodation grouped by category. US Letter with one-inch margins.
 */
export async function renderAccommodationsPdf(sheet: AccommodationsSheet): Promise<Buffer> {
  const name = displayName(sheet.student);
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    info: { Title: `Accommodations: ${name}`, Creator: PRODUCT_NAME, Producer: PRODUCT_NAME },
    bufferPages: true,
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - MARGIN * 2;
  const faces = fontFaces();
  doc.registerFont('Body', faces.regular);
  doc.registerFont('Bold', faces.bold);
  doc.registerFont('Italic', faces.italic);

  doc.fillColor(MUTED).font('Body').fontSize(10).text(`${PRODUCT_NAME} · Section 504 accommodations`, { width });
  doc.moveDown(0.4);
  doc.fillColor(INK).font('Bold').fontSize(22).text(name, { width });
  doc.font('Body').fontSize(12).text(gradeLabel(sheet.student.grade), { width });
  doc.moveDown(0.6);

  if (sheet.plan) {
    const dates = [`Plan start: ${formatListDate(sheet.plan.startDate)}`, `Review due: ${formatListDate(sheet.plan.reviewDate)}`];
    if (sheet.plan.meetingDate) dates.push(`Meeting: ${formatListDate(sheet.plan.meetingDate)}`);
    doc.fontSize(11).text(dates.join('     '), { width });
  } else {
    doc.fillColor(MUTED).fontSize(11).text('No plan on file', { width }).fillColor(INK);
  }
  doc.moveDown(0.5);
  doc.moveTo(MARGIN, doc.y).lineTo(MARGIN + width, doc.y).lineWidth(0.75).strokeColor('#d1d5db').stroke();
  doc.moveDown(0.8);

  const groups = groupByCategory(sheet.accommodations);
  if (groups.length === 0) {
    doc.fillColor(MUTED).fontSize(12).text('No accommodations have been added for this student yet', { width });
  }
  for (const [category, members] of groups) {
    // Keep a heading with at least its first entry.
    if (doc.y > doc.page.height - MARGIN - 60) doc.addPage();
    doc.fillColor(INK).font('Bold').fontSize(14).text(CATEGORY_TITLES[category] ?? category, { width });
    doc.moveDown(0.3);
    for (const accommodation of members) {
      doc.font('Bold').fontSize(11).fillColor(INK).text(`•  ${accommodation.name}`, { width });
      if (accommodation.status !== 'active') {
        doc.font('Italic').fontSize(9).fillColor(MUTED).text(`Status: ${accommodation.status}`, MARGIN + 14, doc.y, { width: width - 14 });
      }
      if (accommodation.description) {
        doc.font('Body').fontSize(10).fillColor(MUTED).text(accommodation.description, MARGIN + 14, doc.y, { width: width - 14 });
      }
      doc.x = MARGIN;
      doc.moveDown(0.4);
    }
    doc.moveDown(0.6);
  }

  // Footer on every page, written last so the page count is known.
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    // Below the bottom margin pdfkit would start a new page; the footer belongs to this one.
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const footerY = doc.page.height - MARGIN + 24;
    doc.font('Body').fontSize(8).fillColor(MUTED);
    doc.text(`Generated on ${formatListDate(sheet.generatedAt)}`, MARGIN, footerY, { width, lineBreak: false });
    doc.text(`Page ${index - range.start + 1} of ${range.count}`, MARGIN, footerY, { width, align: 'right', lineBreak: false });
    doc.page.margins.bottom = bottomMargin;
  }
  doc.end();
  return finished;
}
