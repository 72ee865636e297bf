// Accounts for the bench, made through the API: one sign-up each (so the sign-up limit never
// matters) and the session cookie it set.
import { randomUUID } from 'node:crypto';

export type BenchUser = { id: string; cookie: string; email: string };

export async function signUp(baseUrl: string, name: string): Promise<BenchUser> {
  const email = `bench-${name}-${randomUUID()}@example.com`;
  const response = await fetch(`${baseUrl}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({
      email,
      password: `bench-${randomUUID()}`,
      display_name: `Bench ${name}`,
    }),
  });
  if (response.status !== 201) {
    throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
  }
  const { user } = (await response.json()) as { user: { id: string } };
  const cookie = response.headers.getSetCookie()[0]?.split(';')[0];
  if (!cookie) throw new Error('sign-up set no session cookie');
  return { id: user.id, cookie, email };
}
