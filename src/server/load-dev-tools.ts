/**
 * The development tools (src/server/dev): the endpoints the e2e tests drive and the reminder
 * scheduler's fast clock for the reliability run. Production does not load them at all: outside
 * production, app.ts and main.ts get them from here, with import(), the one way in
 * (eslint.config.js forbids any other import of src/server/dev from production code).
 */
export type DevTools = typeof import('./dev/dev-tools.ts');

export function loadDevTools(): Promise<DevTools> {
  // eslint-disable-next-line import-x/no-restricted-paths -- the one way in; callers load it only outside production.
  return import('./dev/dev-tools.ts');
}

/** The environment variables only the development tools read, and what each is. */
const developmentSettings: Record<string, string> = {
  REMINDER_SIMULATION: 'a fast clock for the reminder scheduler',
};

/**
 * Throws (the server does not start) when a development setting is given in production, where
 * reminders at the wrong time would reach real people: the tools that read it are not loaded
 * there, and silently ignoring it would hide the mistake.
 */
export function refuseDevelopmentSettings(env: NodeJS.ProcessEnv): void {
  for (const [name, what] of Object.entries(developmentSettings)) {
    if (env[name] !== undefined && env[name] !== '') {
      throw new Error(
        `${name} is a development setting (${what}); it is refused with NODE_ENV=production.`,
      );
    }
  }
}
