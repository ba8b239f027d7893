/** Where a command writes: its lines to the user (stdout) and its errors and progress (stderr). Tests capture both. */
export interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
}

/** The process's own streams. */
export const stdio: Io = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};
