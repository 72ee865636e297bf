// Before any schema exists (main.tsx imports this first): zod's fast path compiles parsers with
// `new Function`, which our CSP (script-src 'self', no 'unsafe-eval') forbids. Zod falls back by
// itself, but only after the browser has reported the refused eval as a CSP violation.
// `z.config({ jitless: true })` would do the same, at the price of 3 KB of zod in every first
// load; zod keeps that setting in this global (zod-config.test.ts checks that it still does).
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

(globalThis.__zod_globalConfig ??= {}).jitless = true;

export {};
