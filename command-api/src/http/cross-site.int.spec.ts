import { describe, expect, it } from 'vitest';
import { signedInTeacher, TestClient, testServerForFile } from '../testing/test-server.ts';

const server = testServerForFile();

const student = { firstName: 'Ava', lastInitial: 'L', grade: '3', status: 'active', accommodationIds: [] };
const crossSite = { 'Sec-Fetch-Site': 'cross-site' };

/** An owner and a co-teacher the student is shared with: the co-teacher's reads land in the owner's access log. */
async function sharedStudent() {
  const owner = await signedInTeacher(server.url, 'Olive Owner');
  const coTeacher = await signedInTeacher(server.url, 'Cole Colleague');
  const id = (await owner.post('/api/students', student)).body.id as string;
  expect((await owner.post(`/api/students/${id}/shares`, { email: coTeacher.account.email, role: 'co-teacher' })).status).toBeLessThan(300);
  const viewsBy = async (userId: string) =>
    ((await owner.get(`/api/students/${id}/access-log`)).body as { user: { id: string }; action: string }[]).filter(
      (entry) => entry.user.id === userId && entry.action === 'view',
    );
  return { owner, coTeacher, id, viewsBy };
}

describe('requests another site causes', () => {
  it('refuses a link on another site to a record: no answer and no view in the access log in the teacher’s name', async () => {
    const { coTeacher, id, viewsBy } = await sharedStudent();
    const refused = await coTeacher.get(`/api/students/${id}`, crossSite);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'Cross-site requests are not allowed' });
    expect((await coTeacher.get(`/API/Students/${id}`, crossSite)).status).toBe(403);
    expect(await viewsBy(coTeacher.account.id)).toHaveLength(0);
  });

  it('lets the app’s own pages, a sibling site, a bookmark and clients without Fetch Metadata through', async () => {
    const { coTeacher, id } = await sharedStudent();
    for (const site of ['same-origin', 'same-site', 'none']) {
      expect((await coTeacher.get(`/api/students/${id}`, { 'Sec-Fetch-Site': site })).status).toBe(200);
    }
    expect((await coTeacher.get(`/api/students/${id}`)).status).toBe(200);
  });

  it('keeps the calendar feed and the identity provider’s redirect back reachable from other sites', async () => {
    const teacher = await signedInTeacher(server.url);
    const { url } = (await teacher.post('/api/calendar-feed')).body as { url: string };
    const feedPath = new URL(url).pathname;
    const feed = await new TestClient(server.url).get(feedPath, crossSite);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toContain('text/calendar');
    // No sign-on under way in this browser: the callback answers as it does to any browser, back to the sign-in page.
    const callback = await new TestClient(server.url).get('/api/auth/sso/callback?state=s&code=c', crossSite);
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/login?sso=expired');
    // The start of a sign-on is the app's own sign-in page's to make: a link elsewhere cannot begin one.
    expect((await new TestClient(server.url).get('/api/auth/sso/start?email=a@school.test', crossSite)).status).toBe(403);
  });
});
