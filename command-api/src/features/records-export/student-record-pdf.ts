import fs from 'node:fs';
import PDFDocument from 'pdfkit';
import { PRODUCT_NAME } from '@accommodate/shared-events/config/plans';
import { gradeLabel } from '@accommodate/shared-events/schemas/student';
import type { StudentRecordExport } from './student-record.ts';

const DEJAVU = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
const DEJAVU_BOLD = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';

const show = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length ? value.join(', ') : '—';
  return String(value);
};

/** The records export as a plain, readable PDF: one section per part, the history last. */
export function renderStudentRecordPdf(record: StudentRecordExport): Promise<Buffer> {
  // DejaVu where installed, so names beyond Western European letters print (as the accommodations PDF does).
  const hasDejaVu = fs.existsSync(DEJAVU) && fs.existsSync(DEJAVU_BOLD);
  const regular = hasDejaVu ? DEJAVU : 'Helvetica';
  const bold = hasDejaVu ? DEJAVU_BOLD : 'Helvetica-Bold';
  const doc = new PDFDocument({ size: 'LETTER', margin: 56, info: { Title: 'Student record', Producer: PRODUCT_NAME } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const heading = (text: string) => doc.moveDown(0.8).font(bold).fontSize(13).text(text).moveDown(0.3).font(regular).fontSize(10);
  const line = (label: string, value: unknown) => doc.font(bold).text(`${label}: `, { continued: true }).font(regular).text(show(value));

  const { profile } = record;
  doc.font(bold).fontSize(18).text(`Student record: ${profile.firstName} ${profile.lastInitial}.`);
  doc.font(regular).fontSize(9).fillColor('#4b5563').text(`Exported ${record.exportedAt} from ${PRODUCT_NAME}`).fillColor('#111827');

  heading('Profile');
  line('First name', profile.firstName);
  line('Last initial', profile.lastInitial);
  line('Grade', gradeLabel(profile.grade));
  line('Status', profile.status);
  line('Birthdate', profile.birthdate);
  line('Parent or guardian', profile.parentName);
  line('Parent e-mail', profile.parentEmail);
  line('Parent notes', profile.parentNotes);

  heading('Accommodations');
  if (record.accommodations.length === 0) doc.text('None');
  for (const accommodation of record.accommodations) doc.text(`• ${accommodation.name} (${show(accommodation.category)})${accommodation.description ? `: ${accommodation.description}` : ''}`);

  heading('Plans');
  if (record.plans.length === 0) doc.text('None');
  for (const plan of record.plans) {
    doc.text(`• ${plan.status}: ${plan.startDate} to review ${plan.reviewDate}; meeting ${show(plan.meetingDate)}; case manager ${show(plan.caseManager)}`);
  }

  heading('Notes');
  doc.text(record.notes ?? 'None');

  heading('Documents');
  if (record.documents.length === 0) doc.text('None');
  for (const document of record.documents) doc.text(`• ${document.name} (${document.type}, ${document.size} bytes, uploaded ${document.uploadedAt})`);

  heading('History');
  for (const entry of record.history) {
    doc.font(bold).text(`${entry.at}  ${entry.kind} by ${entry.actor.name}`).font(regular);
    for (const change of entry.changes) doc.text(`    ${change.field}: ${show(change.before)} → ${show(change.after)}`);
  }
  doc.end();
  return done;
}
