/**
 * Starting and stopping a gateway. Stopping is graceful: the listener closes at once (new connections are
 * refused, /healthz says "stopping"), requests waiting at an upstream's gate are answered 503 at once, requests
 * under way finish and are answered, idle connections close; after the shutdown timeout whatever is left is cut.
 * Nothing the gateway started is left holding the process once close() resolves.
 */
import type { GatewayConfig } from './config';
import { buildGateway, type Gateway } from './app';
import type { GatewayLog } from './log';

export interface RunningGateway {
  url: string;
  gateway: Gateway;
  /** Graceful stop; resolves once every request under way has been answered (or the timeout cut it). */
  close(): Promise<void>;
}

export async function startGateway(
  config: GatewayConfig,
  deps: { log: GatewayLog; fetch?: typeof fetch },
): Promise<RunningGateway> {
  const gateway = await buildGateway(config, deps);
  const { app } = gateway;
  let url: string;
  try {
    url = await app.listen({ port: config.port, host: config.host });
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    if (err.code === 'EADDRINUSE') throw new Error(`port ${config.port} is already in use; choose another with --port`);
    if (err.code === 'EACCES')
      throw new Error(
        `not allowed to listen on port ${config.port} (ports below 1024 need privileges; see docs/gateway.md)`,
      );
    throw e;
  }
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      gateway.stopping();
      deps.log.event('stopping: finishing requests under way', { timeoutSeconds: config.shutdownTimeoutSeconds });
      let timer: ReturnType<typeof setTimeout> | undefined;
      const cut = new Promise<void>((resolve) => {
        timer = setTimeout(() => {
          deps.log.event('shutdown timeout reached: closing the connections still open');
          app.server.closeAllConnections();
          resolve();
        }, config.shutdownTimeoutSeconds * 1000);
      });
      await Promise.race([app.close(), cut]);
      clearTimeout(timer);
      // List lookups still waiting (a retry's back-off, a client's deadline) end here, with their timers.
      gateway.lists.close();
      await gateway.release();
      deps.log.event('stopped');
    })();
    return closing;
  };
  return { url, gateway, close };
}
