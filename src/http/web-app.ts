// D41: the web app (web/, built by Vite into web/dist) is served by this same process at `/`. Every
// GET or HEAD outside /api/, /docs and /healthz that matches no route gets a file of the build, or
// index.html so the app's own router can take the path (a reload on /customers works). Anything
// else keeps the API's JSON 404 envelope (the not-found handler in app.ts).
import { mkdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

export const DEFAULT_WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

/**
 * D46 on every page. `style-src` must allow 'unsafe-inline': Mantine writes a <style> element of
 * theme CSS variables at run time (MantineProvider) and `style` attributes for component sizes and
 * style props, which a nonce cannot cover. Scripts stay strictly 'self' (no inline script, no
 * eval): that is what stops injected markup from running code.
 */
export const PAGE_HEADERS = securityHeaders({
  style: "'self' 'unsafe-inline'",
  img: "'self' data: blob:",
});

/**
 * D46 on the API reference too (Swagger UI at /docs). Stricter than the app's: Swagger UI's page
 * loads its scripts and styles as files of /docs and styles elements through the DOM, which CSP
 * does not govern, so scripts need no 'unsafe-inline' and styles only the hash of the one inline
 * style its bundle (@fastify/swagger-ui 6.1) writes, seen blocked in Chromium without it; a newer
 * bundle writing another would lose that style, not break the page. Images include the data: URL
 * of its logo. connect-src 'self' lets "Try it out" call this service and nothing else.
 */
export const DOCS_HEADERS = securityHeaders({
  style: "'self' 'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='",
  img: "'self' data:",
});

/** D46's headers, the same on every page but for what a page's CSP lets in as styles and images. */
function securityHeaders(sources: { style: string; img: string }): Record<string, string> {
  return {
    'Content-Security-Policy': [
      "default-src 'self'",
      "script-src 'self'",
      `style-src ${sources.style}`,
      `img-src ${sources.img}`,
      "font-src 'self' data:",
      "connect-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join('; '),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'DENY',
  };
}

const NOT_BUILT =
  'The Folio web app is not built yet: run `npm run web:build` (or `npm start`, which builds it first), then reload this page.\n';

/** Paths the app never takes: the API, its reference and the health check keep their own answers. */
export function isWebAppPath(method: string, url: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const path = url.split('?')[0] ?? url;
  if (path === '/api' || path.startsWith('/api/')) return false;
  if (path === '/docs' || path.startsWith('/docs/')) return false;
  if (path === '/healthz' || path.startsWith('/healthz/')) return false;
  return true;
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

export async function registerWebApp(app: FastifyInstance, distDir: string) {
  // The build directory may not exist yet (the API started without `npm start`, which builds it):
  // @fastify/static would log a warning at every start. An empty one answers 503 until it is built.
  mkdirSync(distDir, { recursive: true });
  // serve: false: no wildcard route of its own that would swallow unknown /api/ paths; sendFile only.
  // preCompressed (D83): the build's .br and .gz copies are sent to browsers that accept them.
  await app.register(fastifyStatic, { root: distDir, serve: false, preCompressed: true });
}

/**
 * Answers a web app path: a built file (hashed assets cached for a year), else index.html, else 503
 * with the sentence to build. Returns false when the path is an asset that does not exist (the
 * caller answers the JSON 404), so a stale bundle never gets HTML where it expects JavaScript.
 */
export function sendWebApp(reply: FastifyReply, distDir: string, url: string): FastifyReply | false {
  for (const [name, value] of Object.entries(PAGE_HEADERS)) reply.header(name, value);
  const path = decodeURIComponentSafe(url.split('?')[0] ?? url);
  if (!isFile(`${distDir}/index.html`)) {
    return reply.code(503).type('text/plain; charset=utf-8').header('Retry-After', '30').send(NOT_BUILT);
  }
  const relative = path.replace(/^\/+/, '');
  const safe = relative !== '' && !relative.split('/').some((part) => part === '..' || part === '');
  if (safe && isFile(`${distDir}/${relative}`)) {
    const immutable = relative.startsWith('assets/');
    reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    return reply.sendFile(relative, { cacheControl: false });
  }
  if (relative.startsWith('assets/')) return false;
  reply.header('Cache-Control', 'no-cache');
  return reply.sendFile('index.html', { cacheControl: false });
}

function decodeURIComponentSafe(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
