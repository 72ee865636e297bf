import { describe, expect, it } from 'vitest';
import { fixedClock } from '#server/clock.ts';
import { groupReadingSchema } from '#shared/schemas/groups.ts';
import { sendingAs, signUp, type SignedIn } from '#tests/api-support/auth-helpers.ts';
import { deleteMembership, insertGroup } from '#tests/api-support/group-rows.ts';
import { useTestApp } from '#tests/api-support/test-app.ts';

const clock = fixedClock(new Date('2026-06-10T09:30:00.000Z'));
const t = useTestApp({ clock });
const send = sendingAs(t);

async function reading(account: SignedIn, groupId: string) {
  const response = await send('GET', `/api/groups/${groupId}/reading`, account);
  expect(response.statusCode, response.body).toBe(200);
  return groupReadingSchema.parse(response.json());
}

async function follow(account: SignedIn, startDate: string) {
  const response = await send('POST', '/api/my-plans', account, {
    plan_id: 'gospels-30',
    start_date: startDate,
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: string }).id;
}

describe('reading together', () => {
  it('lets a leader choose a plan, shows today’s day and readings, and who read today', async () => {
    const owner = await signUp(t, { display_name: 'Ruth' });
    const reader = await signUp(t, { display_name: 'Boaz' });
    const shy = await signUp(t, { display_name: 'Orpah' });
    const member = await signUp(t, { display_name: 'Naomi' });
    const groupId = await insertGroup(t.db, owner.user.id, [
      { userId: reader.user.id },
      { userId: shy.user.id },
      { userId: member.user.id },
    ]);
    expect((await reading(member, groupId)).plan).toBeNull();
    const refused = await send('PUT', `/api/groups/${groupId}/plan`, member, {
      plan_id: 'gospels-30',
      start_date: '2026-06-08',
    });
    expect(refused.statusCode).toBe(403);
    const chosen = await send('PUT', `/api/groups/${groupId}/plan`, owner, {
      plan_id: 'gospels-30',
      start_date: '2026-06-08',
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const today = await reading(member, groupId);
    expect(today).toMatchObject({ day: 3, following: false, read_today: [] });
    expect(today.plan).toMatchObject({ plan_id: 'gospels-30', start_date: '2026-06-08' });
    expect(today.readings.length).toBeGreaterThan(0);
    expect(today.readings[0]?.href).toMatch(/^\/read-bible\?book=/);

    // Two follow it and read day 3; one of them keeps it to themselves.
    for (const account of [reader, shy]) {
      const enrollment = await follow(account, '2026-06-08');
      const ticked = await send('PUT', `/api/my-plans/${enrollment}/days/3`, account, {
        done: true,
      });
      expect(ticked.statusCode, ticked.body).toBeLessThan(300);
    }
    await send('PATCH', '/api/settings', shy, { show_reading_to_groups: false });
    const after = await reading(member, groupId);
    expect(after.read_today.map((person) => person.display_name)).toEqual(['Boaz']);
    expect((await reading(reader, groupId)).following).toBe(true);
  });

  it('refuses a plan not in the library and a start date over a year away', async () => {
    const owner = await signUp(t);
    const groupId = await insertGroup(t.db, owner.user.id);
    for (const body of [
      { plan_id: 'no-such-plan', start_date: '2026-06-08' },
      { plan_id: 'gospels-30', start_date: '2030-01-01' },
      { plan_id: 'gospels-30', start_date: '2026-02-30' },
      { plan_id: 'gospels-30', start_date: 'soon' },
    ]) {
      const response = await send('PUT', `/api/groups/${groupId}/plan`, owner, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await reading(owner, groupId)).plan).toBeNull();
  });

  it('keeps one check-in a member a day, the newest words kept', async () => {
    const owner = await signUp(t, { display_name: 'Ruth' });
    const member = await signUp(t, { display_name: 'Boaz' });
    const groupId = await insertGroup(t.db, owner.user.id, [{ userId: member.user.id }]);
    const path = `/api/groups/${groupId}/check-in`;
    expect((await send('PUT', path, member, { text: 'Read John 1 on the bus.' })).statusCode).toBe(
      200,
    );
    const again = await send('PUT', path, member, { text: 'And John 2 at lunch.' });
    expect(groupReadingSchema.parse(again.json()).my_check_in).toBe('And John 2 at lunch.');
    const seen = await reading(owner, groupId);
    expect(seen.check_ins.map((row) => [row.display_name, row.text])).toEqual([
      ['Boaz', 'And John 2 at lunch.'],
    ]);
    expect((await send('PUT', path, member, { text: 'x'.repeat(141) })).statusCode).toBe(400);
    expect((await send('PUT', path, member, { text: '   ' })).statusCode).toBe(400);
    // The next day starts empty.
    clock.advance(24 * 60 * 60 * 1000);
    expect((await reading(owner, groupId)).check_ins).toEqual([]);
  });

  it('is for members only', async () => {
    const owner = await signUp(t);
    const member = await signUp(t);
    const stranger = await signUp(t);
    const groupId = await insertGroup(t.db, owner.user.id, [{ userId: member.user.id }]);
    await insertGroup(t.db, stranger.user.id);
    await deleteMembership(t.db, groupId, member.user.id);
    for (const account of [member, stranger]) {
      expect((await send('GET', `/api/groups/${groupId}/reading`, account)).statusCode).toBe(404);
      expect(
        (await send('PUT', `/api/groups/${groupId}/check-in`, account, { text: 'Hi' })).statusCode,
      ).toBe(404);
    }
    expect((await send('GET', `/api/groups/${groupId}/reading`)).statusCode).toBe(401);
  });
});
