// A small JSON client over node:http with keep-alive connections (one socket per concurrent client).
import http from 'node:http';

export interface JsonResponse {
  status: number;
  body: any;
}

export class HttpError extends Error {
  constructor(
    readonly method: string,
    readonly path: string,
    readonly status: number,
    readonly text: string,
  ) {
    super(`${method} ${path} answered ${status}: ${text.slice(0, 500)}`);
  }
}

export class JsonClient {
  private readonly agent: http.Agent;
  private readonly base: URL;

  constructor(
    baseUrl: string,
    private readonly defaultHeaders: Record<string, string> = {},
    maxSockets = 16,
  ) {
    this.base = new URL(baseUrl);
    this.agent = new http.Agent({ keepAlive: true, maxSockets });
  }

  /** A client that shares this one's connections and adds `headers` to every request. */
  with(headers: Record<string, string>): JsonClient {
    const derived = Object.create(this) as JsonClient;
    Object.defineProperty(derived, 'defaultHeaders', { value: { ...this.defaultHeaders, ...headers } });
    return derived;
  }

  /** Sends a request; any status outside 2xx throws HttpError. */
  request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise<JsonResponse>((resolve, reject) => {
      const request = http.request(
        {
          host: this.base.hostname,
          port: this.base.port,
          method,
          path,
          agent: this.agent,
          headers: {
            accept: 'application/json',
            ...this.defaultHeaders,
            ...headers,
            ...(payload === undefined
              ? {}
              : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            const status = response.statusCode ?? 0;
            if (status < 200 || status > 299) return reject(new HttpError(method, path, status, text));
            try {
              resolve({ status, body: text.length > 0 ? JSON.parse(text) : undefined });
            } catch (error) {
              reject(error);
            }
          });
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      if (payload !== undefined) request.write(payload);
      request.end();
    });
  }

  post(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request('POST', path, body, headers);
  }

  get(path: string, headers?: Record<string, string>) {
    return this.request('GET', path, undefined, headers);
  }

  /** GET answered as text (a CSV download): status, body bytes, and the time to the last byte. */
  getText(path: string, headers: Record<string, string> = {}) {
    return new Promise<{ status: number; text: string; contentType: string }>((resolve, reject) => {
      const request = http.request(
        {
          host: this.base.hostname,
          port: this.base.port,
          method: 'GET',
          path,
          agent: this.agent,
          headers: { ...this.defaultHeaders, ...headers },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            const status = response.statusCode ?? 0;
            if (status < 200 || status > 299) return reject(new HttpError('GET', path, status, text));
            resolve({ status, text, contentType: String(response.headers['content-type']) });
          });
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end();
    });
  }

  close() {
    this.agent.destroy();
  }
}
