// Requests written byte for byte on a real socket: what Node's HTTP parser refuses before Fastify
// sees a request (oversized headers, unknown methods) cannot be sent through inject.
import { connect } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';

/**
 * Sends `head` (request line and headers, without the blank line) and `body` to `baseUrl`, reads
 * until the server closes, and returns the answer in inject's shape.
 */
export function rawRequest(baseUrl: string, head: string, body = ''): Promise<LightMyRequestResponse> {
  const url = new URL(baseUrl);
  const text = `${head}\r\nHost: ${url.host}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(Number(url.port), url.hostname, () => socket.write(text));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const split = raw.indexOf('\r\n\r\n');
      const [statusLine = '', ...headerLines] = raw.slice(0, split).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of headerLines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      const payload = raw.slice(split + 4);
      resolve({
        statusCode: Number(statusLine.split(' ')[1]),
        statusMessage: statusLine.split(' ').slice(2).join(' '),
        headers,
        body: payload,
        payload,
        rawPayload: Buffer.from(payload),
        raw: {} as never,
        trailers: {},
        cookies: [],
        json: () => JSON.parse(payload),
        stream: () => {
          throw new Error('not supported');
        },
      } as unknown as LightMyRequestResponse);
    });
  });
}
