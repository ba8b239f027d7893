/**
 * A time limit on Redis commands that the gateway's own busy moments cannot trip. ioredis's `commandTimeout` is a
 * timer; when this process is busy for longer than the limit (a burst of answers to build on a loaded machine), the
 * timer runs as soon as the process is free, before the reply that arrived meanwhile is read, and a command Redis
 * answered in time counts as failed: the instance falls back to working alone, and its parts go upstream twice.
 * Here the timer only looks again after the next reading of the connections: a command still unanswered then
 * has really waited too long (Redis hung, or the network dropped), and fails as before.
 */
import type Redis from 'ioredis';
import type { Command } from 'ioredis';

/** The message of a command that waited too long: the same as ioredis's, so callers tell it apart as before. */
export const COMMAND_TIMED_OUT = 'Command timed out';

/** Limits every command `client` sends (pipelines and transactions included) to `ms`, as described above. */
export function limitCommands<T extends Redis>(client: T, ms: number): T {
  const send = client.sendCommand.bind(client) as (command: Command, ...rest: unknown[]) => unknown;
  (client as unknown as { sendCommand: typeof send }).sendCommand = (command: Command, ...rest: unknown[]) => {
    const sent = send(command, ...rest);
    if (command.isSettled) return sent;
    const timer = setTimeout(() => {
      // Runs after the poll that follows: a reply already on the connection is read, and settles the command, first.
      setImmediate(() => {
        if (!command.isSettled) command.reject(new Error(COMMAND_TIMED_OUT));
      });
    }, ms);
    timer.unref();
    command.promise.then(
      () => clearTimeout(timer),
      () => clearTimeout(timer),
    );
    return sent;
  };
  return client;
}
