import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '#shared/schemas/auth.ts';
import { createPersonalPages, maxDrawingsAtOnce } from './personal-pages.ts';

const user = { id: 'u1', email: 'amy@example.com' } as SessionUser;
const request = { url: '/journal-entries' } as FastifyRequest;
const reply = {} as FastifyReply;

describe('personal pages', () => {
  it(`draws at most ${maxDrawingsAtOnce} at once; beyond that the page goes out for the app to draw`, async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let renders = 0;
    const pages = createPersonalPages({
      render: async () => {
        renders += 1;
        await held;
        return { markup: '<main></main>', state: {} };
      },
      screens: {
        '/journal-entries': { read: () => Promise.resolve({}), hasVisitorView: false },
      },
      whoIsAsking: () => Promise.resolve(user),
      page: (_path, rendered) => ({ body: Buffer.from(rendered.markup), encoded: {} }),
      onError: (error) => {
        throw error;
      },
    });
    const draw = () => pages.draw('/journal-entries', request, reply, true);
    const first = Array.from({ length: maxDrawingsAtOnce }, draw);
    expect(await draw()).toBeUndefined();
    release();
    for (const page of await Promise.all(first)) expect(page).toMatchObject({ isPrivate: true });
    expect(renders).toBe(maxDrawingsAtOnce);
    // Once they are done, the next is drawn again.
    const again = await draw();
    expect(again?.isPrivate).toBe(true);
    expect(again?.body.body.toString()).toBe('<main></main>');
  });
});
