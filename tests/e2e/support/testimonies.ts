import { request, type APIRequestContext } from 'playwright-core';
import { expect } from 'vitest';
import { uniqueEmail } from './accounts.ts';
import { baseURL } from './browser.ts';

// The e2e server runs with MODERATOR_EMAILS=moderator@e2e.test (support/global-setup.ts).
export const moderatorEmail = 'moderator@e2e.test';
export const moderatorPassword = 'a-lamp-unto-my-feet-119';

/** The most testimonies one person may submit in an hour on the e2e server (5, times 10). */
const perAuthor = 50;

async function send(
  context: APIRequestContext,
  method: 'post',
  path: string,
  data?: unknown,
): Promise<{ status: number; body: unknown }> {
  // Writes are limited per person and minute (times 10 on the e2e server): a 429 waits as asked.
  for (let attempt = 0; ; attempt += 1) {
    const response = await context.fetch(path, {
      method,
      headers: { origin: baseURL() },
      ...(data === undefined ? {} : { data }),
    });
    if (response.status() !== 429 || attempt === 5) {
      const text = await response.text();
      return { status: response.status(), body: text ? (JSON.parse(text) as unknown) : null };
    }
    const wait = Number(response.headers()['retry-after'] ?? '1');
    await new Promise((resolve) => setTimeout(resolve, Math.min(wait, 30) * 1000));
  }
}

/** An API client signed in as the moderator (signed up on first use). */
async function moderator(): Promise<APIRequestContext> {
  const context = await request.newContext({ baseURL: baseURL() });
  const signIn = await send(context, 'post', '/api/auth/signin', {
    email: moderatorEmail,
    password: moderatorPassword,
  });
  if (signIn.status !== 200) {
    const signUp = await send(context, 'post', '/api/auth/signup', {
      email: moderatorEmail,
      password: moderatorPassword,
      display_name: 'Grace Moderator',
    });
    expect(signUp.status, JSON.stringify(signUp.body)).toBe(201);
  }
  return context;
}

/** Runs `work` over `items`, `width` at a time. */
async function inParallel<T>(items: T[], width: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const item = items[next];
        next += 1;
        if (item !== undefined) await work(item);
      }
    }),
  );
}

/**
 * Makes `count` approved testimonies the way people do: authors (as many as the hourly limit per
 * person needs) submit them through the API, and the moderator approves each one. Returns their
 * `god_reminded` texts, oldest first; each contains `label`.
 */
export async function seedApprovedTestimonies(count: number, label: string): Promise<string[]> {
  const texts = Array.from({ length: count }, (_, index) => `${label} #${index + 1}`);
  const authorCount = Math.ceil(count / perAuthor);
  const ids: string[] = [];
  await inParallel(
    Array.from({ length: authorCount }, (_, index) => index),
    4,
    async (author) => {
      const context = await request.newContext({ baseURL: baseURL() });
      const signUp = await send(context, 'post', '/api/auth/signup', {
        email: uniqueEmail(),
        password: 'many-voices-one-song-150',
        display_name: `Witness ${author + 1}`,
      });
      expect(signUp.status, JSON.stringify(signUp.body)).toBe(201);
      for (let index = author; index < count; index += authorCount) {
        const created = await send(context, 'post', '/api/testimonies', {
          feeling: `Weary, and then met (${index + 1})`,
          god_reminded: texts[index],
          is_anonymous: index % 3 === 0,
          author_name: `Witness ${author + 1}`,
        });
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        ids.push((created.body as { id: string }).id);
      }
      await context.dispose();
    },
  );
  const reviewer = await moderator();
  await inParallel(ids, 6, async (id) => {
    const approved = await send(reviewer, 'post', `/api/moderation/testimonies/${id}/approve`);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  });
  await reviewer.dispose();
  return texts;
}
