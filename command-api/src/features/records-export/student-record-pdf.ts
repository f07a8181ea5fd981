import { categoryLabel } from '@accommodate/shared-events/config/accommodation-categories';
import { PRODUCT_NAME } from '@accommodate/shared-events/config/plans';
import { fieldLabel, fieldValue, type RecordEntity } from '@accommodate/shared-events/schemas/record-display';
import { planCaseManagerLabel } from '@accommodate/shared-events/schemas/plan';
import { RECORD_FIELD_LABELS, specificsText } from '@accommodate/shared-events/schemas/plan-record';
import { planRecordFields } from '@accommodate/shared-events/domain/plan/plan-record';
import { formatMoment, openRecordPdf } from '../../shared/pdf-document.ts';
import type { StudentRecordExport } from './student-record.ts';

const fileSize = (bytes: number): string =>
  bytes < 1024 ? `${bytes} bytes` : bytes < 1024 * 1024 ? `${Math.round(bytes / 1024)} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/**
 * The records export as a plain, readable PDF, for a parent: one section per part, the history last. It uses the
 * screens' labels and says values as they do (record-display.ts); moments are in `timeZone`, the exporter's.
 */
export async function renderStudentRecordPdf(record: StudentRecordExport, timeZone = 'UTC'): Promise<Buffer> {
  const { doc, fonts, bytes } = await openRecordPdf('Student record');
  const { regular, bold } = fonts;

  const heading = (text: string) => doc.moveDown(0.8).font(bold).fontSize(13).text(text).moveDown(0.3).font(regular).fontSize(10);
  const line = (label: string, value: string) => doc.font(bold).text(`${label}: `, { continued: true }).font(regular).text(value);
  const field = (entity: RecordEntity, name: string, value: unknown) => line(fieldLabel(entity, name), fieldValue(entity, name, value));
  const moment = (iso: string) => formatMoment(iso, timeZone);
  const nameOf = (accommodationId: string) => record.accommodations.find((accommodation) => accommodation.id === accommodationId)?.name ?? 'An accommodation the student no longer has';

  const { profile } = record;
  doc.font(bold).fontSize(18).text(`Student record: ${profile.firstName} ${profile.lastInitial}.`);
  doc.font(regular).fontSize(9).fillColor('#4b5563').text(`Exported ${moment(record.exportedAt)} from ${PRODUCT_NAME}`).fillColor('#111827');

  heading('Profile');
  for (const name of ['firstName', 'lastInitial', 'grade', 'status', 'birthdate', 'parentName', 'parentEmail', 'parentNotes'] as const) {
    field('student', name, profile[name]);
  }
  line('Added', moment(profile.createdAt));
  line('Last changed', moment(profile.updatedAt));

  heading('Accommodations');
  if (record.accommodations.length === 0) doc.text('None');
  for (const accommodation of record.accommodations) {
    doc.text(`• ${accommodation.name} (${categoryLabel(accommodation.category)})${accommodation.description ? `: ${accommodation.description}` : ''}`);
  }

  heading('Plans');
  if (record.plans.length === 0) doc.text('None');
  for (const plan of record.plans) {
    doc.font(bold).text(`${fieldValue('plan', 'status', plan.status)} plan`).font(regular);
    for (const name of ['startDate', 'reviewDate', 'meetingDate'] as const) field('plan', name, plan[name]);
    line(fieldLabel('plan', 'caseManager'), planCaseManagerLabel(plan.caseManagerName, plan.caseManager) ?? '—');
    line('Last updated', moment(plan.lastUpdated));
    // What the plan's meeting decided, as the exporter may read it.
    if (plan.record) {
      for (const { label, value } of planRecordFields(plan.record)) line(label, value);
      for (const specifics of plan.record.specifics) line(`${RECORD_FIELD_LABELS.specifics} (${nameOf(specifics.accommodationId)})`, specificsText(specifics));
    }
    doc.moveDown(0.3);
  }

  heading('Notes');
  doc.text(record.notes ?? 'None');

  heading('Documents');
  if (record.documents.length === 0) doc.text('None');
  for (const document of record.documents) doc.text(`• ${document.name} (${document.type}, ${fileSize(document.size)}, uploaded ${moment(document.uploadedAt)})`);

  heading('History');
  for (const entry of record.history) {
    doc.font(bold).text(`${moment(entry.at)}: ${entry.kind} by ${entry.actor.name}`).font(regular);
    for (const change of entry.changes) {
      doc.text(`    ${fieldLabel(entry.entity, change.field)}: ${fieldValue(entry.entity, change.field, change.before)} → ${fieldValue(entry.entity, change.field, change.after)}`);
    }
  }
  doc.end();
  return bytes;
}
