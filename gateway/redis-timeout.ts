/**
 * A time limit on Redis commands that the gateway's own busy moments cannot trip. ioredis's `commandTimeout` is a
 * timer per command; when this process is busy for longer than the limit (a burst of answers to build on a loaded
 * machine), the timer runs as soon as the process is free, before the reply that arrived meanwhile is read, and a
 * command Redis answered in time counts as failed: the instance falls back to working alone, and its parts go
 * upstream twice. Likewise a large reply (answers read from the shared cache) comes in over several turns of a busy
 * process. Here a command fails only when the connection has brought nothing at all for the whole limit, counted
 * after the next reading of the connections: Redis hung, or the network dropped.
 */
import type Redis from 'ioredis';
import type { Command } from 'ioredis';

/** The message of a command that waited too long: the same as ioredis's, so callers tell it apart as before. */
export const COMMAND_TIMED_OUT = 'Command timed out';

/** Limits every command `client` sends (pipelines and transactions included) to `ms`, as described above. */
export function limitCommands<T extends Redis>(client: T, ms: number): T {
  const send = client.sendCommand.bind(client) as (command: Command, ...rest: unknown[]) => unknown;
  /** Reads on the connection so far (its stream is replaced when ioredis reconnects). */
  let reads = 0;
  let watched: unknown = null;
  const watch = () => {
    const stream = client.stream as { on?: (event: string, listener: () => void) => void } | undefined;
    if (!stream || stream === watched || typeof stream.on !== 'function') return;
    watched = stream;
    stream.on('data', () => reads++);
  };
  (client as unknown as { sendCommand: typeof send }).sendCommand = (command: Command, ...rest: unknown[]) => {
    const sent = send(command, ...rest);
    if (command.isSettled) return sent;
    watch();
    let timer: ReturnType<typeof setTimeout> | null = null;
    const wait = (seen: number) => {
      timer = setTimeout(() => {
        // Runs after the poll that follows: a reply already on the connection is read, and settles the command, first.
        setImmediate(() => {
          if (command.isSettled) return;
          if (reads !== seen) return wait(reads);
          command.reject(new Error(COMMAND_TIMED_OUT));
        });
      }, ms);
      timer.unref();
    };
    wait(reads);
    const done = () => {
      if (timer !== null) clearTimeout(timer);
    };
    command.promise.then(done, done);
    return sent;
  };
  return client;
}
