import { randomBytes } from 'node:crypto';
import type { RuntimeConfig } from '@accommodate/shared-events/config/runtime-config';
import { openEventStore } from '@accommodate/shared-events/event-store/open-event-store';
import { credentials, emailKey } from '../auth/credentials.ts';
import { markEmailVerified } from '../features/accounts/email-verification.ts';
import { startServer, type RunningServer } from '../server.ts';
import { ApiSession } from './api-session.ts';
import {
  CO_TEACHER_ADDS,
  dayFrom,
  SAMPLE_CO_TEACHER,
  SAMPLE_STUDENTS,
  SAMPLE_TEACHER,
  sampleNotes,
  SHARED_STUDENT,
} from './sample-caseload.ts';

/** The events that make a DATA_DIR someone's: an account or a student. The seeded library alone is a fresh install. */
const RECORD_EVENTS = new Set(['UserRegistered', 'StudentAdded']);

export class SampleDataRefused extends Error {
  constructor() {
    super('This DATA_DIR already holds accounts or students; sample data is only loaded into a fresh install. Use an empty DATA_DIR.');
  }
}

export interface SampleAccount {
  name: string;
  email: string;
  password: string;
}

export interface SampleDataResult {
  teacher: SampleAccount;
  coTeacher: SampleAccount;
  students: number;
  plans: number;
}

/** Whether the log holds any account or student; read before anything is written. */
export async function holdsRecords(config: RuntimeConfig): Promise<boolean> {
  const eventStore = await openEventStore(config);
  try {
    for await (const event of eventStore.readAll()) if (RECORD_EVENTS.has(event.type)) return true;
    return false;
  } finally {
    await eventStore.close();
  }
}

/** A password no one can guess from the source: the demo may run on a machine others can reach. */
const newPassword = () => randomBytes(12).toString('base64url');

/**
 * A verified account, through the real path: the API registers it (as the form does), and the verification the
 * mailed link would make is made directly, since the demo cannot read the inbox of an example.com address.
 */
async function verifiedAccount(server: RunningServer, person: { name: string; email: string }): Promise<{ session: ApiSession; account: SampleAccount }> {
  const account = { ...person, password: newPassword() };
  const session = new ApiSession(server.url);
  await session.send('POST', '/api/auth/register', account, 202);
  const credential = await credentials(server.context.readStore).get(emailKey(account.email));
  if (!credential) throw new Error('the sample account was not registered');
  await markEmailVerified(server.context, { userId: credential.userId, email: account.email });
  await session.send('POST', '/api/auth/login', { email: account.email, password: account.password }, 200);
  return { session, account };
}

/**
 * Fills a fresh install with the sample caseload, through the running product's own API (every write a command the
 * domain decides and the log records; the projections build every read model, the workers every reminder). Refuses,
 * writing nothing, when the DATA_DIR already holds accounts or students.
 */
export async function loadSampleData(config: RuntimeConfig, options: { now?: Date; settleMs?: number } = {}): Promise<SampleDataResult> {
  if (await holdsRecords(config)) throw new SampleDataRefused();
  const now = options.now ?? new Date();
  const server = await startServer({ ...config, port: 0 }, { runProjections: true });
  try {
    const { session: teacher, account } = await verifiedAccount(server, SAMPLE_TEACHER);
    // Premium: the free plan holds 3 students, and an evaluator should see a full caseload.
    await teacher.send('POST', '/api/upgrade-to-premium', {}, 200);
    const { session: coTeacher, account: coAccount } = await verifiedAccount(server, SAMPLE_CO_TEACHER);

    let plans = 0;
    let sharedId: string | null = null;
    for (const student of SAMPLE_STUDENTS) {
      const created = await teacher.send<{ id: string }>('POST', '/api/students', {
        firstName: student.firstName,
        lastInitial: student.lastInitial,
        grade: student.grade,
        status: student.status,
        accommodationIds: student.accommodations.map((slug) => `template-${slug}`),
        notes: sampleNotes(student),
        parentName: `Parent of ${student.firstName} (sample)`,
        parentEmail: `family.${student.firstName.toLowerCase()}@example.com`,
      }, 201);
      if (student.firstName === SHARED_STUDENT) sharedId = created.id;
      if (student.reviewInDays === null) continue;
      await teacher.send('POST', `/api/students/${created.id}/plans`, {
        startDate: dayFrom(now, student.reviewInDays - 365),
        reviewDate: dayFrom(now, student.reviewInDays),
        status: student.planStatus ?? 'active',
        meetingDate: dayFrom(now, student.reviewInDays - 7),
      }, 201);
      plans += 1;
    }

    if (sharedId) {
      await teacher.send('POST', `/api/students/${sharedId}/shares`, { email: coAccount.email, role: 'co-teacher' }, 201);
      // The co-teacher adds a support: the owner's bell shows who changed what.
      const shared = await coTeacher.send<{ accommodationIds: string[]; revision: number }>('GET', `/api/students/${sharedId}`, undefined, 200);
      const sample = SAMPLE_STUDENTS.find((student) => student.firstName === SHARED_STUDENT);
      await coTeacher.send('PUT', `/api/students/${sharedId}`, {
        firstName: sample?.firstName,
        lastInitial: sample?.lastInitial,
        grade: sample?.grade,
        status: sample?.status,
        accommodationIds: [...shared.accommodationIds, `template-${CO_TEACHER_ADDS}`],
      }, 200, { 'If-Match': `"${shared.revision}"` });
    }

    // Reminders and notifications are the workers' reactions to what was just written: give them a moment to land,
    // so the first sign-in shows a full bell (any still pending are raised at the next start, from the log).
    await teacher.waitFor('/api/notifications', (list: unknown[]) => list.length > 0, options.settleMs ?? 15_000);
    return { teacher: account, coTeacher: coAccount, students: SAMPLE_STUDENTS.length, plans };
  } finally {
    await server.close();
  }
}
