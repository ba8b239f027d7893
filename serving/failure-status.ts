/**
 * What a failure that reached a server's error handler is: a request that could not be read (its 4xx status, set by
 * Fastify or a parser) or a fault of the server (500). The service and the gateway word the answer each their own way.
 */
export function failureStatus(err: { statusCode?: number }): number {
  return err.statusCode !== undefined && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
}
