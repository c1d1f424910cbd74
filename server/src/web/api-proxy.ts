import type { RequestHandler } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { isApiPath } from '../platform/http';

/** /api and /merchant passed to another backend (API_TARGET), its origin changed to the target's. */
export function apiProxy(target: string): RequestHandler {
  return createProxyMiddleware({
    target,
    changeOrigin: true,
    pathFilter: (p: string) => isApiPath(p),
    xfwd: true,
  });
}
