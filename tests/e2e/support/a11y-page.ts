import type { APIRequestContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseURL, waitForQuietNetwork } from './browser.ts';

/**
 * Waits until a screen has finished arriving: its heading is drawn, no request is in flight,
 * no skeleton or spinner is left, and no animation or transition is still running (axe reads
 * colours as they are at that instant, so a fading element would give a false contrast).
 */
export async function settle(page: Page): Promise<void> {
  await page.locator('main h1').first().waitFor();
  await waitForQuietNetwork(page);
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            document.querySelectorAll('.animate-pulse, .animate-spin, [aria-busy="true"]').length +
            document.getAnimations().filter((animation) => animation.playState === 'running')
              .length,
        ),
      { timeout: 10_000 },
    )
    .toBe(0);
}

async function send(
  request: APIRequestContext,
  method: 'get' | 'post',
  path: string,
  data?: unknown,
): Promise<unknown> {
  const response = await request[method](path, {
    headers: { origin: baseURL() },
    ...(data === undefined ? {} : { data }),
  });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return response.json();
}

/**
 * Gives the signed-in account something in every list (a journal entry, a saved verse, a
 * bookmark), so that the walk checks filled lists, not only empty states. Idempotent: the
 * account is shared with keyboard.test.ts and may already have them.
 */
export async function seedA11yData(request: APIRequestContext): Promise<void> {
  // Each list answers a page: { items, next_cursor } (decision 012).
  const entries = ((await send(request, 'get', '/api/journal')) as { items: unknown[] }).items;
  if (entries.length === 0) {
    await send(request, 'post', '/api/journal', {
      title: 'Morning by the window',
      content: 'Thankful for quiet and for the light coming in.',
      emotion_tags: ['Grateful', 'Peaceful'],
    });
  }
  const verses = ((await send(request, 'get', '/api/saved-verses')) as { items: unknown[] }).items;
  if (verses.length === 0) {
    await send(request, 'post', '/api/saved-verses', {
      text: 'The LORD is my shepherd; I shall not want.',
      reference: 'Psalms 23:1',
      theme: 'Peace',
      emotion_tag: 'peaceful',
    });
  }
  // A note on John 3:16, so that /notes has a card and the reader's John 3 a note mark.
  const notes = ((await send(request, 'get', '/api/notes')) as { items: unknown[] }).items;
  if (notes.length === 0) {
    await send(request, 'post', '/api/notes', {
      book_name: 'John',
      chapter_number: 3,
      verse_number: 16,
      text: 'Loved first.\nA promise to carry through the day.',
      tags: ['love'],
    });
  }
  // Two bookmarks, so that the cards' staggered entrance (product §9) has something to stagger.
  const bookmarks = (
    (await send(request, 'get', '/api/bookmarks')) as { items: { book_name: string }[] }
  ).items;
  for (const [book, chapter] of [
    ['Psalms', 23],
    ['John', 3],
  ] as const) {
    if (bookmarks.some((bookmark) => bookmark.book_name === book)) continue;
    await send(request, 'post', '/api/bookmarks/toggle', {
      book_name: book,
      chapter_number: chapter,
    });
  }
}

/**
 * A group of the walk's account with a request on its wall and a fresh invite link (decision
 * 028), so the walks see a group's page and an invite's page as people do.
 */
export async function seedA11yGroup(
  request: APIRequestContext,
): Promise<{ groupPath: string; invitePath: string }> {
  const groups = ((await send(request, 'get', '/api/groups')) as { items: { id: string }[] }).items;
  let groupId = groups[0]?.id;
  if (!groupId) {
    groupId = (
      (await send(request, 'post', '/api/groups', {
        name: 'Thursday Home Group',
        description: 'We read and pray together through the week.',
      })) as { id: string }
    ).id;
    await send(request, 'post', `/api/groups/${groupId}/posts`, {
      text: 'Please pray for my mother as she recovers this week.',
    });
  }
  const invite = (await send(request, 'post', `/api/groups/${groupId}/invites`, {})) as {
    url: string;
  };
  return { groupPath: `/groups/${groupId}`, invitePath: invite.url };
}
