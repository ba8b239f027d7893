/** Runs a CLI command in-process with its output collected: the exit code, stdout joined and as lines, stderr lines. */
import type { Io } from '../../cli/io';

export type CommandEnv = Record<string, string | undefined>;
export type Command = (argv: string[], io: Io, env: CommandEnv) => Promise<number>;

export interface CommandRun {
  code: number;
  /** Standard output, its lines joined with "\n". */
  out: string;
  lines: string[];
  err: string[];
}

export async function runCommand(command: Command, argv: string[], env: CommandEnv): Promise<CommandRun> {
  const lines: string[] = [];
  const err: string[] = [];
  const code = await command(argv, { out: (s) => lines.push(s), err: (s) => err.push(s) }, env);
  return { code, out: lines.join('\n'), lines, err };
}
