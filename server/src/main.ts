import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { allowedHostsOf } from './platform/allowed-hosts';
import { createServer } from './app/create-server';
import { attemptLimitsFromEnv } from './platform/auth/attempt-limits';
import { corsOriginsOf } from './platform/cors';
import { sourceListOf } from './platform/headers';
import { seedIfEmpty, seedPhotographedDemo } from './tools/seed/first-start';

const port = Number(process.env.PORT ?? 8080);
const dataDir = path.resolve(process.env.DATA_DIR ?? './data');
const staticDir = process.env.STATIC_DIR ?? (existsSync('./dist') ? './dist' : undefined);
const apiTarget = process.env.API_TARGET || undefined;
const defaultRegion = process.env.DEFAULT_REGION || undefined;
const corsOrigins = corsOriginsOf(process.env.CORS_ORIGIN);
// The origin shoppers use: absolute URLs name it, except for requests by an allowed host, which get
// their own (platform/allowed-hosts.ts). Unset: loopback names and this machine's addresses are allowed, and
// any other host gets http://localhost:<port>.
const publicUrl = process.env.PUBLIC_URL || undefined;
// More hosts allowed (comma-separated name, name:port, .domain or https://name[:port]).
const allowedHosts = allowedHostsOf(process.env.ALLOWED_HOSTS);
const cspImgSrc = sourceListOf(process.env.CSP_IMG_SRC);
const cspFrameSrc = sourceListOf(process.env.CSP_FRAME_SRC);
// Where the SPA asks for a picture at the width it draws it (README, Pictures): an imgproxy or
// Thumbor address, or an object store's resize parameters. Set but empty: pictures as they come.
const pictureUrlTemplate = process.env.PICTURE_URL_TEMPLATE;
const attemptLimits = attemptLimitsFromEnv(process.env);

/** A positive number from the environment, or undefined (the server's default) when unset. */
function positiveEnv(name: string): number | undefined {
  const raw = process.env[name]?.trim();
  if (!raw) return undefined;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) {
    console.error(`${name} must be a positive number, got '${raw}'`);
    process.exit(1);
  }
  return n;
}
// How long an unpaid order reserves its stock, and how many unpaid checkouts a shopper may hold.
const unpaidOrderTtlMinutes = positiveEnv('UNPAID_ORDER_TTL_MINUTES');
const maxUnpaidOrders = positiveEnv('MAX_UNPAID_ORDERS');
// What one shopper may upload in a rolling day (files, megabytes).
const quotaFiles = positiveEnv('UPLOAD_QUOTA_FILES');
const quotaMegabytes = positiveEnv('UPLOAD_QUOTA_MB');
const uploadQuota = {
  ...(quotaFiles === undefined ? {} : { files: Math.floor(quotaFiles) }),
  ...(quotaMegabytes === undefined ? {} : { bytes: Math.floor(quotaMegabytes * 1024 * 1024) }),
};

mkdirSync(dataDir, { recursive: true });
const databaseFile = path.join(dataDir, 'shop.sqlite');
const log = (line: string) => console.log(`${new Date().toISOString()} ${line}`);

// SEED_PHOTOS=1: a first start photographs the demo's products and banners before serving
// (tools/seed/first-start.ts); otherwise its pictures are the drawings.
const firstStart = process.env.SEED_PHOTOS === '1' ? seedPhotographedDemo(databaseFile) : Promise.resolve(null);
firstStart.then(
  (made) => {
    if (made) {
      log(
        `Photographed the demo: ${made.pictures} pictures, ${Math.round(made.bytes / 1024)} KiB in ${(made.ms / 1000).toFixed(1)} s`,
      );
    }
    serve();
  },
  (error: unknown) => {
    console.error(`Could not photograph the demo: ${String(error)}`);
    process.exit(1);
  },
);

function serve(): void {
  const { app, close } = createServer({
    databaseFile,
    seed: seedIfEmpty,
    staticDir,
    apiTarget,
    log,
    defaultRegion,
    corsOrigins,
    publicUrl,
    allowedHosts,
    cspImgSrc,
    cspFrameSrc,
    pictureUrlTemplate,
    attemptLimits,
    unpaidOrderTtlMinutes,
    maxUnpaidOrders,
    uploadQuota,
  });

  // No host: Node listens on every interface (the unspecified address, :: and with it 0.0.0.0 where
  // IPv6 is available), so a phone on the same network reaches the demo at this machine's LAN address.
  const server = app.listen(port, () => {
    const address = server.address();
    const actual = typeof address === 'object' && address ? address.port : port;
    console.log(
      `Database: ${databaseFile}${staticDir ? `; static: ${path.resolve(staticDir)}` : ''}${apiTarget ? `; API proxied to ${apiTarget}` : ''}`,
    );
    console.log(`Listening on http://localhost:${actual}${publicUrl ? `; public URL: ${publicUrl}` : ''}`);
  });

  let stopping = false;
  function shutdown(signal: string): void {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received, shutting down`);
    const force = setTimeout(() => {
      console.error('Forced exit after 5 s');
      process.exit(1);
    }, 5000);
    force.unref();
    server.close(() => {
      close();
      process.exit(0);
    });
    server.closeIdleConnections();
  }
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}
