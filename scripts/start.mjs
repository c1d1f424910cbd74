// `npm start`: build the SPA when dist/ is stale, then run the reference server in the foreground.
//   PORT        port to listen on (default 8080)
//   API_TARGET  proxy /api and /merchant to this backend instead of the local database
// The server serves dist/ and the API on one port, on every interface; once it answers, this prints
// its local URL, the URLs a phone on the same Wi-Fi can open (this machine's LAN addresses) and a QR
// code of the first. Stop it with Ctrl-C.
import { ensureBuild } from './lib/build.mjs';
import { phoneLines } from './lib/phone-urls.mjs';
import { ProcessGroup, exitCodeOf, onTermination, serverCommand, signalExitCode, waitForHttp } from './lib/proc.mjs';

const port = process.env.PORT || '8080';
const apiTarget = process.env.API_TARGET || '';
let server = null;

const terminatedBy = onTermination((signal) => {
  if (server) server.stop(signal);
  else process.exit(signalExitCode(signal));
});

const buildCode = await ensureBuild();
if (buildCode !== 0) process.exit(buildCode);
if (terminatedBy()) process.exit(signalExitCode(terminatedBy()));

let command;
try {
  command = serverCommand();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

console.log(
  apiTarget
    ? `Starting the server on port ${port}, API proxied to ${apiTarget} ...`
    : `Starting the server on port ${port} ...`,
);
server = new ProcessGroup('server', command.cmd, command.args, { env: { ...process.env, PORT: port } });

const url = `http://localhost:${port}`;
// Any HTTP answer from / means the server is listening (it serves index.html there).
waitForHttp(`${url}/`, {
  group: server,
  timeoutMs: 120_000,
  isCancelled: () => Boolean(terminatedBy()),
}).then(
  async () => {
    const lines = [
      '',
      `  Orbit Market is running at ${url}  (open it at a phone-sized viewport)`,
      ...(await phoneLines(port)),
      apiTarget ? `  API requests go to ${apiTarget}` : '  Demo account: demo / demo123',
      '  Stop with Ctrl-C.',
      '',
    ];
    console.log(lines.join('\n'));
  },
  (error) => {
    if (!terminatedBy() && !server.done) console.error(`Server not reachable yet: ${error.message}`);
  },
);

const status = await server.exited;
server.kill('SIGKILL'); // sweep anything the server left in its group
process.exit(terminatedBy() && status.code === 0 ? 0 : exitCodeOf(status));
