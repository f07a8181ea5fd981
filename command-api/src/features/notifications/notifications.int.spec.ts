import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatCalendarDate } from '@accommodate/shared-events/schemas/record-display';
import { NOTIFICATION_OUTBOX, type OutboxRecord } from '@accommodate/workers/notifications/email-delivery';
import { TestClient, testServerForFile } from '../../testing/test-server.ts';
import { appendExpiredShare, teacher } from '../../testing/sharing-fixtures.ts';
import { calendarFeeds } from '../../shared/calendar-feeds.ts';
import { eventually } from '../../testing/eventually.ts';

const server = testServerForFile();

const utcDate = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);


async function teacherWithPlan(client: TestClient, reviewDate: string) {
  const user = await client.register();
  const student = await client.post('/api/students', { firstName: 'Maya', lastInitial: 'r', grade: '4', status: 'active' });
  expect(student.status).toBe(201);
  const plan = await client.post(`/api/students/${student.body.id}/plans`, { startDate: utcDate(-200), reviewDate, status: 'active' });
  expect(plan.status).toBe(201);
  return { user, studentId: student.body.id as string, planId: plan.body.id as string };
}

const notificationsOf = (client: TestClient) => async () => (await client.get('/api/notifications')).body as any[];

describe('review reminders and the notifications API', () => {
  it('a plan due tomorrow gives its teacher exactly one review notification, live, and e-mails it to the outbox', async () => {
    const teacher = new TestClient(server.url);
    const user = await teacher.register();
    const socket = await teacher.openSocket();
    const poke = new Promise<any>((resolve) => socket.on('change', (m) => m.entity === 'notification' && resolve(m)));

    const student = await teacher.post('/api/students', { firstName: 'Maya', lastInitial: 'r', grade: '4', status: 'active' });
    const reviewDate = utcDate(1);
    const plan = await teacher.post(`/api/students/${student.body.id}/plans`, { startDate: utcDate(-200), reviewDate, status: 'active' });

    expect(await poke).toMatchObject({ entity: 'notification' });
    socket.close();
    const list = await eventually(notificationsOf(teacher), (l) => l.length > 0);
    expect(list).toEqual([
      {
        id: expect.any(String),
        type: 'review',
        title: 'Plan review tomorrow',
        message: `The 504 plan for Maya R. is due for review tomorrow (${formatCalendarDate(reviewDate)}).`,
        studentId: student.body.id,
        planId: plan.body.id,
        date: expect.any(String),
        read: false,
      },
    ]);
    // Not also "in 30 days" or "in 7 days", and not twice.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await notificationsOf(teacher)()).toHaveLength(1);

    const eml = path.join(server.dataDir, 'outbox', `${list[0].id}.eml`);
    await eventually(async () => fs.existsSync(eml), Boolean);
    const message = fs.readFileSync(eml, 'utf8');
    expect(message).toContain(`To: ${user.email}`);
    expect(message).toContain('Subject: Plan review tomorrow');
    expect(message).toContain('\r\n');
    expect(message).toContain('Maya R.');
  });

  it('marks one read (recipient only) and all read', async () => {
    const teacher = new TestClient(server.url);
    await teacherWithPlan(teacher, utcDate(1));
    const overdue = await teacher.post(`/api/students/${(await teacher.get('/api/students')).body[0].id}/plans`, {
      startDate: utcDate(-400),
      reviewDate: utcDate(-3),
      status: 'active',
    });
    expect(overdue.status).toBe(201);
    const list = await eventually(notificationsOf(teacher), (l) => l.length >= 2);
    expect(list.map((n) => n.title).sort()).toEqual(['Plan review overdue', 'Plan review tomorrow']);

    const stranger = new TestClient(server.url);
    await stranger.register();
    expect((await stranger.patch(`/api/notifications/${list[0].id}`, { read: true })).status).toBe(404);
    expect(await notificationsOf(stranger)()).toEqual([]);

    const marked = await teacher.patch(`/api/notifications/${list[0].id}`, { read: true });
    expect(marked.status).toBe(200);
    expect(marked.body).toMatchObject({ id: list[0].id, read: true });
    expect((await teacher.patch(`/api/notifications/${list[0].id}`, { read: 'yes' })).status).toBe(400);

    const all = await teacher.post('/api/notifications/read-all');
    expect(all.status).toBe(200);
    expect((await notificationsOf(teacher)()).every((n) => n.read)).toBe(true);
  });

  it('moving the review date reminds about the new date, and a type switched off is not e-mailed', async () => {
    const teacher = new TestClient(server.url);
    expect((await new TestClient(server.url).get('/api/notification-preferences')).status).toBe(401);
    const { planId } = await teacherWithPlan(teacher, utcDate(90));
    expect((await teacher.get('/api/notification-preferences')).body).toEqual({ review: true, document: true, feedback: true, system: true });
    const saved = await teacher.put('/api/notification-preferences', { review: false });
    expect(saved.body).toEqual({ review: false, document: true, feedback: true, system: true });
    expect((await teacher.get('/api/notification-preferences')).body.review).toBe(false);

    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await notificationsOf(teacher)()).toEqual([]);

    const plan = await teacher.get(`/api/plans/${planId}`);
    const moved = await teacher.patch(`/api/plans/${planId}`, { reviewDate: utcDate(5) }, { 'If-Match': plan.headers.get('etag') ?? '' });
    expect(moved.status).toBe(200);
    const list = await eventually(notificationsOf(teacher), (l) => l.length > 0);
    // Due in 5 days: the 7-day reminder fires at once, and says 5.
    expect(list.map((n) => n.title)).toEqual(['Plan review in 5 days']);

    const outbox = server.context.readStore.state<OutboxRecord>(NOTIFICATION_OUTBOX);
    const record = await eventually(() => outbox.get(list[0].id), (r) => r !== null);
    expect(record?.status).toBe('skipped');
    expect(fs.existsSync(path.join(server.dataDir, 'outbox', `${list[0].id}.eml`))).toBe(false);
  });
});

describe('calendar feed', () => {
  it('serves the review dates without a session, rotates and revokes', async () => {
    const teacher = new TestClient(server.url);
    const reviewDate = utcDate(40);
    await teacherWithPlan(teacher, reviewDate);
    expect((await new TestClient(server.url).post('/api/calendar-feed')).status).toBe(401);

    const created = await teacher.post('/api/calendar-feed');
    expect(created.status).toBe(201);
    const url = new URL(created.body.url);
    expect(url.pathname).toMatch(/^\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);

    const feed = await fetch(server.url + url.pathname);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toContain('text/calendar');
    const ics = await feed.text();
    expect(ics).toContain(`DTSTART;VALUE=DATE:${reviewDate.replaceAll('-', '')}\r\n`);
    expect(ics).toContain('SUMMARY:504 plan review: Maya R.\r\n');
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1);

    const rotated = await teacher.post('/api/calendar-feed');
    expect((await fetch(server.url + url.pathname)).status).toBe(404);
    const rotatedPath = new URL(rotated.body.url).pathname;
    expect((await fetch(server.url + rotatedPath)).status).toBe(200);

    expect((await teacher.delete('/api/calendar-feed')).status).toBe(204);
    expect((await fetch(server.url + rotatedPath)).status).toBe(404);
    expect((await fetch(`${server.url}/api/calendar/not-a-token.ics`)).status).toBe(404);
  });

  async function ownerAndCoTeacherWithFeed() {
    const owner = await teacher(server, 'Olive Owner');
    const student = await owner.post('/api/students', { firstName: 'Maya', lastInitial: 'r', grade: '4', status: 'active' });
    await owner.post(`/api/students/${student.body.id}/plans`, { startDate: utcDate(-200), reviewDate: utcDate(40), status: 'active' });
    const coTeacher = await teacher(server, 'Cole Coteacher');
    expect((await owner.post(`/api/students/${student.body.id}/shares`, { email: coTeacher.user.email, role: 'co-teacher' })).status).toBe(201);
    const feedPath = new URL((await coTeacher.post('/api/calendar-feed')).body.url).pathname;
    const feed = async () => (await fetch(server.url + feedPath)).text();
    expect(await feed()).toContain('SUMMARY:504 plan review: Maya R.\r\n');
    return { owner, coTeacher, studentId: student.body.id as string, feedPath, feed };
  }

  it('leaves out a student whose share has ended, even before the expiry job has run', async () => {
    const { owner, coTeacher, studentId, feed } = await ownerAndCoTeacherWithFeed();
    await appendExpiredShare(server, studentId, owner, coTeacher, 'co-teacher');
    const ics = await feed();
    expect(ics).toContain('BEGIN:VCALENDAR');
    expect(ics).not.toContain('Maya');
  });

  it('stops serving the feed of a deleted account, although the students shared with it stay', async () => {
    const { coTeacher, feedPath } = await ownerAndCoTeacherWithFeed();
    const deleted = await coTeacher.request('DELETE', '/api/account', { body: { password: coTeacher.user.password } });
    expect(deleted.status).toBe(200);
    expect((await fetch(server.url + feedPath)).status).toBe(404);
    // Nothing of the account's feeds is kept.
    expect(await calendarFeeds(server.context.readStore).find({ userId: coTeacher.user.id })).toEqual([]);
  });
});
