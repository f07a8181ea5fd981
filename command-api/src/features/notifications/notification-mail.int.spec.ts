import { describe, expect, it } from 'vitest';
import { testServerForFile } from '../../testing/test-server.ts';
import { jane, teacher } from '../../testing/sharing-fixtures.ts';
import { mailAfter, outboxMessages } from '../../testing/outbox-mail.ts';

const server = testServerForFile();

const utcDate = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
/** As people read a date ('Dec 5, 2026'), from the same UTC calendar day. */
const readable = (isoDate: string) =>
  new Date(`${isoDate}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

describe('e-mail that reaches people', () => {
  it('invites an address with no account to register, naming who shared but never the student', async () => {
    const maria = await teacher(server, 'Maria Lopez');
    const student = await maria.post('/api/students', { ...jane, firstName: 'Zelda' });
    const email = `invitee-${Date.now()}@school.test`;

    const invitation = await mailAfter(server.dataDir, email, () => maria.post(`/api/students/${student.body.id}/shares`, { email, role: 'co-teacher' }));
    expect(invitation.subject).toBe('Maria Lopez shared a student with you on Accommodate');
    expect(invitation.text).toContain(`${server.context.config.appUrl}/register`);
    expect(invitation.text).toContain('as a co-teacher');
    // The address may be mistyped: nothing about the child goes to it.
    expect(invitation.text).not.toContain('Zelda');
    expect(invitation.subject).not.toContain('Zelda');
  });

  it('invites an address whose account has not proved it, once per teacher and day however many students they share', async () => {
    const maria = await teacher(server, 'Maria Lopez');
    const first = await maria.post('/api/students', jane);
    const second = await maria.post('/api/students', { ...jane, firstName: 'Omar' });
    const email = `unverified-${Date.now()}@school.test`;
    const registered = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Una Verified', email, password: 'a long password 1' }),
    });
    expect(registered.status).toBe(202);

    const isInvitation = (message: { subject: string }) => message.subject.endsWith('shared a student with you on Accommodate');
    const bulk = await mailAfter(
      server.dataDir,
      email,
      () => maria.post('/api/shares', { studentIds: [first.body.id, second.body.id], email, role: 'auditor' }),
      isInvitation,
    );
    expect(bulk.subject).toBe('Maria Lopez shared a student with you on Accommodate');
    expect(bulk.text).toContain('as an auditor');

    // Another teacher's share is news of its own: its invitation names them.
    const sam = await teacher(server, 'Sam Okafor');
    const third = await sam.post('/api/students', { ...jane, firstName: 'Ines' });
    const fromSam = await mailAfter(server.dataDir, email, () => sam.post(`/api/students/${third.body.id}/shares`, { email, role: 'substitute' }), isInvitation);
    expect(fromSam.subject).toBe('Sam Okafor shared a student with you on Accommodate');
    expect(fromSam.text).toContain('as a substitute');
    // Maria's two students brought one invitation, and Sam's a second: never one per student.
    expect(outboxMessages(server.dataDir).filter((message) => message.to === email && isInvitation(message))).toHaveLength(2);
  });

  it('names who changed the accommodations, and the e-mail links to the student', async () => {
    const maria = await teacher(server, 'Maria Lopez');
    const sam = await teacher(server, 'Sam Okafor');
    const student = await maria.post('/api/students', jane);
    expect((await maria.post(`/api/students/${student.body.id}/shares`, { email: sam.user.email, role: 'co-teacher' })).status).toBe(201);

    const seen = await maria.get(`/api/students/${student.body.id}`);
    const mail = await mailAfter(
      server.dataDir,
      sam.user.email,
      () => maria.put(`/api/students/${student.body.id}`, { ...jane, accommodationIds: ['template-extended-time', 'template-breaks'] }, { 'If-Match': seen.headers.get('etag')! }),
      (message) => message.subject === 'Accommodations changed',
    );
    expect(mail.text).toContain('Maria Lopez changed the accommodations for Jane D. (1 added).');
    expect(mail.text).not.toContain('co-teacher');
    expect(mail.text).toContain(`${server.context.config.appUrl}/students/${student.body.id}`);
  });

  it('a review reminder counts the real days, reads its date as people do, and links to the plan', async () => {
    const maria = await teacher(server, 'Maria Lopez');
    const student = await maria.post('/api/students', { ...jane, firstName: 'Maya', lastInitial: 'r' });
    const reviewDate = utcDate(10);
    let planId = '';
    const mail = await mailAfter(server.dataDir, maria.user.email, async () => {
      const plan = await maria.post(`/api/students/${student.body.id}/plans`, { startDate: utcDate(-200), reviewDate, status: 'active' });
      planId = plan.body.id as string;
    });
    // Created 10 days ahead, its 30-day reminder fires at once: it says 10 days, not 30, and no ISO date.
    expect(mail.subject).toBe('Plan review in 10 days');
    expect(mail.text).toContain(`The 504 plan for Maya R. is due for review on ${readable(reviewDate)}.`);
    expect(mail.text).not.toContain(reviewDate);
    expect(mail.text).toContain(`${server.context.config.appUrl}/plans/${planId}`);
  });
});
