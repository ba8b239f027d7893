/** Runs a CLI command in-process with its output collected: the exit code, stdout joined and as lines, stderr lines. */
import type { Io } from '../../cli/io';

export type CommandEnv = Record<string, string | undefined>;
/** A command's io, with the day it takes for today when a test fixes it. */
export type Command = (argv: string[], io: Io & { today?: () => string }, env: CommandEnv) => Promise<number>;

export interface CommandRun {
  code: number;
  /** Standard output, its lines joined with "\n". */
  out: string;
  lines: string[];
  err: string[];
}

export async function runCommand(
  command: Command,
  argv: string[],
  env: CommandEnv,
  today?: string,
): Promise<CommandRun> {
  const lines: string[] = [];
  const err: string[] = [];
  const io = { out: (s: string) => lines.push(s), err: (s: string) => err.push(s) };
  const code = await command(argv, today === undefined ? io : { ...io, today: () => today }, env);
  return { code, out: lines.join('\n'), lines, err };
}
