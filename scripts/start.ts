// `npm start`: build the client if the build is missing or older than its sources, then serve.
import { ensureClientBuild } from './ensure-client-build.ts';

try {
  ensureClientBuild();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
process.env.NODE_ENV ??= 'production';
await import('#server/main.ts');
