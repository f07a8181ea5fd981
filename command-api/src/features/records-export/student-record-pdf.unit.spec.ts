import { describe, expect, it } from 'vitest';
import { pdfText } from '../../testing/pdf-text.ts';
import { renderStudentRecordPdf } from './student-record-pdf.ts';
import { formatMoment } from '../../shared/pdf-document.ts';
import { isTimeZone } from '../../http/time-zone.ts';
import type { StudentRecordExport } from './student-record.ts';

/** The words a parent reads in the PDF, on one line. */
const pdfWords = async (bytes: Buffer): Promise<string> => (await pdfText(bytes)).replace(/\s+/g, ' ');

const record: StudentRecordExport = {
  exportedAt: '2026-11-25T19:05:00.000Z',
  profile: {
    id: 'student-1',
    firstName: 'Ava',
    lastInitial: 'M',
    grade: '5',
    status: 'issue',
    birthdate: '2015-03-09',
    parentName: 'Pat Parent',
    parentEmail: 'pat@example.com',
    parentNotes: null,
    createdAt: '2026-09-01T13:00:00.000Z',
    updatedAt: '2026-11-20T15:30:00.000Z',
  },
  accommodations: [{ id: 'a1', name: 'Extended Time', category: 'academic', description: null, status: 'active' }],
  plans: [
    {
      id: 'p1',
      startDate: '2026-09-01',
      reviewDate: '2027-06-01',
      status: 'under-review',
      meetingDate: null,
      caseManager: 'Ms. Rivera',
      lastUpdated: '2026-11-20T15:30:00.000Z',
      record: {
        impairment: 'Dyslexia',
        lifeActivities: ['Reading', 'Learning'],
        consent: { date: '2026-08-28', method: 'in-writing' },
        participants: [{ name: 'Pat Parent', role: 'Parent' }],
        specifics: [{ accommodationId: 'a1', details: '1.5× on tests', where: 'Resource room', frequency: null }],
      },
    },
  ],
  notes: 'Sits near the door',
  documents: [{ id: 'd1', name: 'evaluation.pdf', type: 'PDF', mimeType: 'application/pdf', size: 24_576, uploadedAt: '2026-10-02T14:00:00.000Z' }],
  history: [
    {
      at: '2026-11-21T10:00:00.000Z',
      actor: { id: 'u1', name: 'Olive Owner' },
      kind: 'Plan record updated',
      entity: 'plan',
      entityId: 'p1',
      changes: [{ field: 'specifics', before: null, after: 'Extended Time: 1.5× on tests · Resource room' }],
    },
    {
      at: '2026-11-20T15:30:00.000Z',
      actor: { id: 'u1', name: 'Olive Owner' },
      kind: 'Details changed',
      entity: 'student',
      entityId: 'student-1',
      changes: [{ field: 'status', before: 'active', after: 'issue' }],
    },
    {
      at: '2026-11-19T10:00:00.000Z',
      actor: { id: 'u1', name: 'Olive Owner' },
      kind: 'Share granted',
      entity: 'share',
      entityId: 's1',
      changes: [
        { field: 'role', before: null, after: 'substitute' },
        { field: 'expiresAt', before: null, after: '2026-12-18' },
      ],
    },
  ],
};

describe('records export PDF, for a parent', () => {
  it('uses the screens’ labels and says values and dates as people read them', async () => {
    const text = await pdfWords(await renderStudentRecordPdf(record, 'America/Chicago'));
    for (const line of [
      'First name: Ava',
      'Status: Requires Attention',
      'Grade: Grade 5',
      'Birthdate: Mar 9, 2015',
      'Parent/guardian name: Pat Parent',
      'Under Review plan',
      'Review date: Jun 1, 2027',
      'Exported Nov 25, 2026, 1:05 PM CST',
      '24 KB, uploaded Oct 2, 2026, 9:00 AM CDT',
      'Status: Active → Requires Attention',
      'Role: — → Substitute',
      'Share expires: — → Dec 18, 2026',
      // The plan record, as the exporter may read it, and its change in the history.
      'Impairment: Dyslexia',
      'Major life activities limited: Reading, Learning',
      'Parent’s consent: Aug 28, 2026, in writing',
      'Who took part: Pat Parent (Parent)',
      'Specifics (Extended Time): 1.5× on tests · Resource room',
      'Plan record updated by Olive Owner',
      'Specifics: — → Extended Time: 1.5× on tests · Resource room',
    ]) {
      expect(text).toContain(line);
    }
    // Never a field name, a stored code or an ISO date.
    expect(text).not.toMatch(/firstName|expiresAt|reviewDate|under-review|\bissue\b/);
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });

  it('leaves out the impairment and consent when the exporter may not read them, and keeps the team and the specifics', async () => {
    const [plan] = record.plans;
    const { impairment: _impairment, lifeActivities: _activities, consent: _consent, ...open } = plan!.record!;
    const text = await pdfWords(await renderStudentRecordPdf({ ...record, plans: [{ ...plan!, record: open }] }));
    expect(text).toContain('Who took part: Pat Parent (Parent)');
    expect(text).toContain('Specifics (Extended Time): 1.5× on tests · Resource room');
    expect(text).not.toMatch(/Dyslexia|Impairment|consent/);
  });

  it('names the student’s case manager, and an older plan’s free text only where there is none, labelled as recorded', async () => {
    const [plan] = record.plans;
    expect(await pdfWords(await renderStudentRecordPdf(record))).toContain('Case manager: Ms. Rivera (as recorded on the plan)');
    const managed = await pdfWords(await renderStudentRecordPdf({ ...record, plans: [{ ...plan!, caseManagerName: 'Cole Manager' }] }));
    expect(managed).toContain('Case manager: Cole Manager');
    expect(managed).not.toContain('Ms. Rivera');
  });

  it('names the time zone its moments are in; UTC when the reader gave none', async () => {
    expect(formatMoment('2026-11-25T19:05:00.000Z', 'UTC')).toBe('Nov 25, 2026, 7:05 PM UTC');
    expect(await pdfWords(await renderStudentRecordPdf(record))).toContain('Exported Nov 25, 2026, 7:05 PM UTC');
    expect(isTimeZone('America/Chicago')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});
