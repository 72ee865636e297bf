import type { LightMyRequestResponse } from 'fastify';

export type CookieJar = {
  /** Takes in the response's Set-Cookie headers, as a browser would (a cleared cookie is dropped). */
  store: (response: LightMyRequestResponse) => void;
  get: (name: string) => string | undefined;
  /** The Cookie request header for everything in the jar ('' when empty). */
  header: () => string;
};

/** The cookies of one browser across several injected requests (paths and domains ignored). */
export function createCookieJar(): CookieJar {
  const cookies = new Map<string, string>();
  return {
    store(response) {
      for (const cookie of response.cookies) {
        // Expiry is not compared with the wall clock: tests run the server on a fixed clock.
        const isCleared = cookie.value === '' || cookie.maxAge === 0;
        if (isCleared) cookies.delete(cookie.name);
        else cookies.set(cookie.name, cookie.value);
      }
    },
    get: (name) => cookies.get(name),
    header: () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
  };
}

/** The Set-Cookie entry of that name in a response, if any. */
export function responseCookie(response: LightMyRequestResponse, name: string) {
  return response.cookies.find((cookie) => cookie.name === name);
}
