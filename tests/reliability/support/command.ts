// A command run to its end from the repository's root, with its exit code and everything it
// printed, whether it succeeded or not: the scenarios report a failed step's own words.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { root } from './server.ts';

const run = promisify(execFile);

export type CommandRun = { code: number; output: string };

export async function runCommand(
  file: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<CommandRun> {
  try {
    const { stdout, stderr } = await run(file, args, { cwd: root, env });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: unknown; stdout?: string; stderr?: string };
    return {
      code: typeof failed.code === 'number' ? failed.code : 1,
      output: `${failed.stdout ?? ''}${failed.stderr ?? ''}`,
    };
  }
}
