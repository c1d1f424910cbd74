// `npm run dev`: webpack-dev-server with hot reload on PORT (default 8080), proxying /api,
// /merchant and /media to the reference server, which runs API-only on API_PORT (default 3001).
//   API_TARGET  use this backend instead of starting the local server
// Both run in their own process groups and stop together on Ctrl-C (or when either one exits).
import {
  ProcessGroup,
  bin,
  exitCodeOf,
  describeExit,
  onTermination,
  serverCommand,
  stopAll,
  waitForHttp,
} from './lib/proc.mjs';

const port = process.env.PORT || '8080';
const apiPort = process.env.API_PORT || '3001';
const apiTarget = process.env.API_TARGET || `http://localhost:${apiPort}`;
const startLocalServer = !process.env.API_TARGET;

const terminatedBy = onTermination(() => {
  stopAll();
});

const processes = [];
try {
  if (startLocalServer) {
    const command = serverCommand();
    // STATIC_DIR='' means API only: webpack-dev-server serves the SPA. The browser reaches the API,
    // images and the customer-service page through the dev server's proxy, so that is the public URL
    // the API's absolute links name (the service page may only be framed by its own origin).
    const env = { ...process.env, PORT: apiPort, STATIC_DIR: '', PUBLIC_URL: `http://localhost:${port}` };
    delete env.API_TARGET;
    console.log(`Starting the reference server (API only) on port ${apiPort} ...`);
    processes.push(new ProcessGroup('server', command.cmd, command.args, { env }));
  } else {
    console.log(`Using the backend at ${apiTarget} (API_TARGET); not starting the local server.`);
  }
  console.log(`Starting webpack serve on port ${port}, proxying the API to ${apiTarget} ...`);
  processes.push(
    new ProcessGroup('webpack', bin('webpack'), ['serve', '--mode', 'development', '--port', port], {
      env: {
        ...process.env,
        DEV_API_TARGET: apiTarget,
        // The dev server writes no template into the page (the reference server does, README,
        // Pictures): the build's own, the local server's `?w=` variants, or what the shell says.
        PICTURE_URL_TEMPLATE: process.env.PICTURE_URL_TEMPLATE ?? (startLocalServer ? '{url}?w={width}' : ''),
      },
    }),
  );
} catch (error) {
  console.error(error.message);
  await stopAll();
  process.exit(1);
}

const isCancelled = () => Boolean(terminatedBy());
Promise.all([
  startLocalServer
    ? waitForHttp(`${apiTarget}/api/index/index`, { group: processes[0], timeoutMs: 120_000, isCancelled })
    : null,
  waitForHttp(`http://localhost:${port}/`, { group: processes.at(-1), timeoutMs: 300_000, isCancelled }),
]).then(
  () => {
    console.log(
      `\n  Dev server: http://localhost:${port}  (hot reload; API from ${apiTarget})` +
        (startLocalServer ? '\n  Demo account: demo / demo123' : '') +
        '\n  Stop with Ctrl-C.\n',
    );
  },
  (error) => {
    if (!isCancelled()) console.error(`Not reachable yet: ${error.message}`);
  },
);

// Whichever stops first (crash or Ctrl-C) brings the other down.
const first = await Promise.race(processes.map((group) => group.exited.then((status) => ({ group, status }))));
if (!isCancelled()) {
  console.error(`${first.group.name} stopped (${describeExit(first.status)}); stopping the rest.`);
}
await stopAll();
if (isCancelled()) process.exit(0);
const code = exitCodeOf(first.status);
process.exit(code === 0 ? 1 : code);
