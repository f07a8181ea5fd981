import { expect, test, type APIRequestContext } from '@playwright/test';
import { addStudent, libraryIds, signUpTeacher } from './caseload-fixtures.ts';

/** A class with one student who has two accommodations, for the day view. */
async function classWithAvery(request: APIRequestContext) {
  const ids = [...(await libraryIds(request)).entries()].slice(0, 2);
  const student = await addStudent(request, { firstName: 'Avery', lastInitial: 'K', grade: '5', accommodationIds: ids.map(([, id]) => id) });
  const created = await request.post('/api/classes', { data: { name: 'Period 3 Algebra I', period: '3' } });
  const classId = ((await created.json()) as { id: string }).id;
  const enrolled = await request.put(`/api/classes/${classId}/students`, { data: { studentIds: [student.id] }, headers: { 'If-Match': created.headers().etag ?? '' } });
  expect(enrolled.status()).toBe(200);
  return { studentId: student.id, classId, accommodations: ids.map(([name, id]) => ({ name, id })) };
}

test.describe('the implementation log on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('logs a day with the network cut and restored: kept while offline, sent once when back', async ({ page, context }) => {
    await signUpTeacher(page);
    const { studentId, classId, accommodations } = await classWithAvery(page.request);
    const [first, second] = accommodations as [{ name: string; id: string }, { name: string; id: string }];

    await page.goto(`/classes/${classId}`);
    await page.getByRole('button', { name: 'Log today' }).click();
    await expect(page).toHaveURL(/\/implementation\/log\?classId=/);
    const status = page.locator('.implog__status');
    await expect(status).toHaveText('Every entry is saved.');
    const allProvided = page.getByRole('button', { name: 'All provided' });
    // Big targets for a classroom: at least 44 px high.
    expect((await allProvided.boundingBox())!.height).toBeGreaterThanOrEqual(44);

    await context.setOffline(true);
    await allProvided.click();
    await expect(status).toContainText('2 entries waiting to be sent');
    await expect(status).toContainText('you are offline');
    // Then an exception: the second was refused, with a note. It replaces the waiting 'provided', not adds to it.
    const outcomes = page.getByRole('radiogroup', { name: `${second.name}: what happened` });
    const refused = outcomes.locator('label').filter({ hasText: 'Refused' });
    expect((await refused.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await refused.click();
    await page.getByLabel(`Note on ${second.name} (optional)`).fill('Wanted to finish with the class');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(status).toContainText('2 entries waiting to be sent');

    await context.setOffline(false);
    await expect(status).toHaveText('Every entry is saved.');
    const logged = (await (await page.request.get(`/api/students/${studentId}/implementation-log`)).json()) as { accommodationId: string; outcome: string; note: string | null }[];
    expect(logged).toHaveLength(2);
    expect(logged.find((entry) => entry.accommodationId === first.id)).toMatchObject({ outcome: 'provided' });
    expect(logged.find((entry) => entry.accommodationId === second.id)).toMatchObject({ outcome: 'refused', note: 'Wanted to finish with the class' });

    // The student's Implementation tab shows this week and offers the CSV.
    await page.goto(`/students/${studentId}?tab=implementation`);
    await expect(page.getByRole('region', { name: first.name })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Export CSV' })).toBeVisible();
  });
});
