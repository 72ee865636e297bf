// `npm run dev`: the API server on :3001 restarting on change, and Vite on :3000 with hot reload.
import concurrently from 'concurrently';

const { result } = concurrently(
  [
    {
      name: 'api',
      command: 'node --watch-path=src/server --watch-path=src/shared src/server/main.ts',
      env: { PORT: '3001', PUBLIC_URL: 'http://localhost:3000' },
      prefixColor: 'green',
    },
    { name: 'web', command: 'vite', prefixColor: 'blue' },
  ],
  { killOthersOn: ['failure', 'success'] },
);
await result.catch(() => process.exit(1));
