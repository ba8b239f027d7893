import { type Day, localDayOf } from '../src/plan/days';
import { MAX_WARNINGS_SHOWN } from '../src/workflows/warnings-shown';
import { groupedCount } from '../src/text/plural';
import { clean } from './terminal';

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

/** Today as `yyyy-mm-dd`, the day the dates are reckoned from: the one given (tests fix it), else the machine's own
 * day where its user is (its time zone), as the task pane takes it. */
export function todayOf(io: { today?: () => string }): Day {
  return io.today?.() ?? localDayOf(new Date());
}

/** A run's warnings on stderr, `partsheet COMMAND: warning: …`, the first MAX_WARNINGS_SHOWN and how many more. */
export function showWarnings(io: Pick<Io, 'err'>, command: string, warnings: readonly string[]): void {
  for (const w of warnings.slice(0, MAX_WARNINGS_SHOWN)) io.err(`partsheet ${command}: warning: ${clean(w)}`);
  if (warnings.length > MAX_WARNINGS_SHOWN)
    io.err(`partsheet ${command}: warning: and ${groupedCount(warnings.length - MAX_WARNINGS_SHOWN)} more warnings`);
}
