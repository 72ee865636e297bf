import { format } from 'node:util';
import { afterEach, beforeEach } from 'vitest';

// An API test that makes the server print an error has found a problem, even if the response
// looked right (epic-stack does the same). The message is still printed so it can be read.
const originalConsoleError = console.error;
let errors: string[] = [];

beforeEach(() => {
  errors = [];
  console.error = (...args: unknown[]) => {
    errors.push(format(...args));
    originalConsoleError(...args);
  };
});

afterEach(() => {
  console.error = originalConsoleError;
  if (errors.length > 0) {
    const logged = errors.join('\n');
    errors = [];
    throw new Error(`console.error was called during this test:\n${logged}`);
  }
});
