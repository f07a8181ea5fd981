import { rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testServerForFile, signedInTeacher } from '../../testing/test-server.ts';
import { mailAfter, outboxMessages } from '../../testing/outbox-mail.ts';
import { provisionDistrict } from '../../operator/provision-district.ts';
import { deliverOrganisationInvitation, ORGANISATION_INVITATION_OUTBOX, type OrganisationInvitationJob } from '@accommodate/workers/invitations/organisation-invitation';
import { sweepOrganisationInvitations } from '@accommodate/workers/invitations/organisation-invitation-sweep';

// Invitations to a school's staff, to a district's admins and to a class's teachers reach the invitee by e-mail, with
// the way in at APP_URL, as share invitations do.
const server = testServerForFile();
const unique = (who: string) => `${who}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@lakeside.test`;

async function district() {
  const dana = await signedInTeacher(server.url, 'Dana District');
  const districtId = (await dana.post('/api/districts', { name: 'Lakeside USD' })).body.id as string;
  const schoolId = (await dana.post(`/api/districts/${districtId}/schools`, { name: 'Lakeside Middle' })).body.id as string;
  return { dana, districtId, schoolId };
}

describe('invitation e-mail', () => {
  it('sends an invitation whose job was lost at the next daily sweep, and never one already decided', async () => {
    const { dana, schoolId } = await district();
    const email = unique('lost');
    const first = await mailAfter(server.dataDir, email, () => dana.post(`/api/schools/${schoolId}/staff`, { email, role: 'teacher' }));
    const staffId = ((await dana.get(`/api/schools/${schoolId}/staff`)).body as { staffId: string; email: string }[]).find((member) => member.email === email)!.staffId;
    // A queue of the test's own that runs the job at once: the server's remembers the first job's id, a lost one is gone.
    const queued: unknown[] = [];
    const { readStore, eventStore, mailer, config } = server.context;
    const now = () => new Date();
    const enqueue = async (_name: string, data: unknown) => {
      queued.push(data);
      await deliverOrganisationInvitation({ eventStore, readStore, mailer, now, appUrl: config.appUrl }, data);
    };
    const sweep = () => sweepOrganisationInvitations({ readStore, eventStore, now, jobs: { enqueue } });
    const ours: OrganisationInvitationJob = { kind: 'school', id: schoolId, invitationId: staffId };

    // Sent already: the sweep leaves it alone.
    await sweep();
    expect(queued).not.toContainEqual(ours);
    // The job lost before it sent or decided anything (Redis lost its data): the sweep sends it, once.
    await readStore.state(ORGANISATION_INVITATION_OUTBOX).delete(`school-${staffId}`);
    rmSync(path.join(server.dataDir, 'outbox', first.file));
    const late = await mailAfter(server.dataDir, email, sweep);
    expect(late.text).toContain('Dana District invited you to join Lakeside Middle as a Teacher');
    expect(queued).toContainEqual(ours);
    queued.length = 0;
    await sweep();
    expect(queued).not.toContainEqual(ours);
  });


  it("mails a school's new staff member who invited them, where, in which role, and the links to sign up or sign in", async () => {
    const { dana, schoolId } = await district();
    const email = unique('cora');
    const mail = await mailAfter(server.dataDir, email, () => dana.post(`/api/schools/${schoolId}/staff`, { email, role: 'coordinator' }));
    const appUrl = server.context.config.appUrl;
    expect(mail.subject).toBe('Dana District invited you to Accommodate');
    expect(mail.text).toContain('Dana District invited you to join Lakeside Middle as a 504 Coordinator on Accommodate');
    expect(mail.text).toContain(`${appUrl}/register?invited=1`);
    expect(mail.text).toContain(`${appUrl}/login`);
    expect(mail.text).toContain(email);
  });

  it('mails a new district admin, and a colleague who already has an account', async () => {
    const { dana, districtId } = await district();
    const email = unique('eli');
    const mail = await mailAfter(server.dataDir, email, () => dana.post(`/api/districts/${districtId}/admins`, { email }));
    expect(mail.text).toContain('invited you to administer Lakeside USD as a district admin');
    expect(mail.text).toContain(`${server.context.config.appUrl}/register?invited=1`);

    const fay = await signedInTeacher(server.url, 'Fay Admin');
    const toFay = await mailAfter(server.dataDir, fay.account.email, () => dana.post(`/api/districts/${districtId}/admins`, { email: fay.account.email }), (message) =>
      message.subject.endsWith('invited you to Accommodate'),
    );
    expect(toFay.text).toContain(`${server.context.config.appUrl}/login`);
  });

  it("mails a class's invited co-teacher", async () => {
    const olga = await signedInTeacher(server.url, 'Olga Owner');
    const classId = (await olga.post('/api/classes', { name: 'Period 3 Algebra I' })).body.id as string;
    const email = unique('tom');
    const mail = await mailAfter(server.dataDir, email, () => olga.post(`/api/classes/${classId}/teachers`, { email }));
    expect(mail.subject).toBe('Olga Owner invited you to Accommodate');
    expect(mail.text).toContain('invited you to teach Period 3 Algebra I as a co-teacher');
    expect(mail.text).toContain(`${server.context.config.appUrl}/register?invited=1`);
  });

  it('mails the first admin of a district the operator provisions (npm run district:create)', async () => {
    const email = unique('eve');
    const stores = { eventStore: server.context.eventStore, readStore: server.context.readStore };
    const mail = await mailAfter(server.dataDir, email, () => provisionDistrict(stores, { name: 'Hillside USD', admin: email }));
    expect(mail.text).toContain('invited you to administer Hillside USD as a district admin');
    expect(mail.text).toContain(`${server.context.config.appUrl}/register?invited=1`);
  });

  it('sends nothing to someone who adds their own address', async () => {
    const { dana, schoolId } = await district();
    const before = outboxMessages(server.dataDir).filter((message) => message.to === dana.account.email.toLowerCase()).length;
    expect((await dana.post(`/api/schools/${schoolId}/staff`, { email: dana.account.email, role: 'admin' })).status).toBe(201);
    // A later invitation's mail arriving shows the reactions went past this one.
    const email = unique('pat');
    await mailAfter(server.dataDir, email, () => dana.post(`/api/schools/${schoolId}/staff`, { email, role: 'teacher' }));
    expect(outboxMessages(server.dataDir).filter((message) => message.to === dana.account.email.toLowerCase())).toHaveLength(before);
  });
});
