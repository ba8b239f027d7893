import { createServer, type Server, type Socket } from 'node:net';
import { CheckoutError, placeOrder, type CheckoutRequest } from '../../src/checkout';

/** How placeOrder tells "nothing was sent" from "sent, no answer" over real sockets and Node's own fetch. */

const REQUEST: CheckoutRequest = {
  username: 'buyer@example.com',
  passwordHash: '5e884898da28047151d0e56f8dc6292773603d0d6aabbdd62a11ef721d1542d8',
  customerPONumber: 'PO-NET',
  shipToAddressId: '1001',
  lines: [{ itemId: '65130988', quantity: 1 }],
  submitOrder: true,
};

const servers: Server[] = [];
const sockets: Socket[] = [];

/** A TCP server that reads the request and then does what `onRequest` says with the socket. */
async function tcpServer(onRequest: (socket: Socket) => void): Promise<{ url: string; received: () => number }> {
  let received = 0;
  const server = createServer((socket) => {
    sockets.push(socket);
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
      if (text.includes('\r\n\r\n')) {
        received += 1;
        text = '';
        onRequest(socket);
      }
    });
    socket.on('error', () => undefined);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return { url: `http://127.0.0.1:${address.port}`, received: () => received };
}

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
});

async function failure(promise: Promise<unknown>): Promise<CheckoutError> {
  try {
    await promise;
  } catch (e) {
    expect(e).toBeInstanceOf(CheckoutError);
    return e as CheckoutError;
  }
  throw new Error('expected a CheckoutError');
}

test('a port nobody listens on: unreachable, safe to send again', async () => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  const e = await failure(placeOrder({ baseUrl: `http://127.0.0.1:${port}` }, REQUEST));
  expect(e.kind).toBe('unreachable');
  expect(e.message).toMatch(/connection refused/);
  expect(e.retryable).toBe(true);
  expect(e.orderMayExist).toBe(false);
});

test('a host name that does not resolve: unreachable', async () => {
  const e = await failure(placeOrder({ baseUrl: 'http://no-such-host.invalid:8081' }, REQUEST));
  expect(e.kind).toBe('unreachable');
});

test('request received, then no answer: order-may-exist after the timeout', async () => {
  const server = await tcpServer(() => undefined);
  const e = await failure(placeOrder({ baseUrl: server.url, timeoutMs: 300 }, REQUEST));
  expect(server.received()).toBe(1);
  expect(e.kind).toBe('order-may-exist');
  expect(e.message).toMatch(/did not answer within 300 ms/);
});

test('request received, then the connection is cut: order-may-exist', async () => {
  const server = await tcpServer((socket) => socket.destroy());
  const e = await failure(placeOrder({ baseUrl: server.url, timeoutMs: 5000 }, REQUEST));
  expect(server.received()).toBe(1);
  expect(e.kind).toBe('order-may-exist');
  expect(e.retryable).toBe(false);
});

test('the answer breaks off half way: order-may-exist', async () => {
  const server = await tcpServer((socket) => {
    socket.write(
      'HTTP/1.1 200 OK\r\ncontent-type: application/xml\r\ncontent-length: 500\r\n\r\n<?xml version="1.0"?><OrderPlaced><serverErrors>',
    );
    setTimeout(() => socket.destroy(), 20);
  });
  const e = await failure(placeOrder({ baseUrl: server.url, timeoutMs: 5000 }, REQUEST));
  expect(e.kind).toBe('order-may-exist');
});
