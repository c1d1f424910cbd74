/**
 * Cross-origin access to /api and /merchant (BACKEND-FAMILY.md: the family's own shopper client is
 * served from its own origin and calls the backend directly). The session travels in the `token`
 * header, never in a cookie, so a page of another origin learns nothing it could not ask for
 * anonymously: any origin may call unless CORS_ORIGIN lists the allowed ones. Preflights reflect the
 * headers a client asks for (token, lang, Idempotency-Key, ...) and are cached for 10 minutes.
 */
import cors from 'cors';
import type { RequestHandler } from 'express';

/** `CORS_ORIGIN=https://a.example,https://b.example` -> that list; unset or empty -> every origin. */
export function corsOriginsOf(setting: string | undefined): string[] | '*' {
  const origins = (setting ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  return origins.length ? origins : '*';
}

export function apiCors(origins: string[] | '*' = '*'): RequestHandler {
  return cors({
    origin: origins,
    methods: ['GET', 'POST'],
    exposedHeaders: ['Idempotent-Replayed'],
    maxAge: 600,
  });
}
