// Process helpers shared by start, dev, e2e and bench.
//
// Every long-running child gets its own process group (detached: true => setsid), so stopping it
// stops everything it spawned too (`webpack serve` and friends rename or fork themselves, see
// STACK-NOTES.md "Background servers in scripts"). Signals that reach this process are forwarded
// to the groups exactly once: under `npm run`, a Ctrl-C is delivered twice (by the terminal and by
// npm), and a server that sees two SIGINTs may skip its graceful shutdown.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root (scripts/lib/../..). */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Path of an installed npm binary (node_modules/.bin/<name>). */
export function bin(name) {
  const file = path.join(ROOT, 'node_modules', '.bin', name);
  if (!existsSync(file)) {
    throw new Error(`${name} is not installed (missing ${path.relative(ROOT, file)}): run \`npm ci\` first.`);
  }
  return file;
}

/** The reference server's entry point and the command that runs it. */
export const SERVER_ENTRY = path.join('server', 'src', 'main.ts');

/**
 * `tsx server/src/main.ts` without the tsx CLI's extra relay process: one node process, so the
 * server itself receives the signals we send (and its exit code is ours to report).
 */
export function serverCommand() {
  if (!existsSync(path.join(ROOT, SERVER_ENTRY))) {
    throw new Error(`The reference server is missing: ${SERVER_ENTRY} does not exist.`);
  }
  bin('tsx');
  return { cmd: process.execPath, args: ['--import', 'tsx', SERVER_ENTRY] };
}

/** Exit code a shell would report for a child killed by `signal`. */
export function signalExitCode(signal) {
  return 128 + (os.constants.signals[signal] ?? 1);
}

const groups = new Set();

/**
 * A child process in its own process group.
 * `exited` resolves with { code, signal } (never rejects; a failed spawn resolves with code 127).
 */
export class ProcessGroup {
  constructor(name, cmd, args, { env = process.env, stdio = ['ignore', 'inherit', 'inherit'], cwd = ROOT } = {}) {
    this.name = name;
    this.child = spawn(cmd, args, { cwd, env, stdio, detached: true });
    this.pid = this.child.pid;
    this.done = false;
    groups.add(this);
    this.exited = new Promise((resolve) => {
      this.child.once('error', (error) => {
        console.error(`[${name}] could not start ${cmd}: ${error.message}`);
        this.done = true;
        groups.delete(this);
        resolve({ code: 127, signal: null });
      });
      this.child.once('exit', (code, signal) => {
        this.done = true;
        groups.delete(this);
        resolve({ code, signal });
      });
    });
  }

  /** Send `signal` to the whole group; ignore a group that is already gone. */
  kill(signal) {
    if (this.pid === undefined) return;
    try {
      process.kill(-this.pid, signal);
    } catch (error) {
      if (error.code !== 'ESRCH') throw error;
    }
  }

  /**
   * Stop the group: `signal` first, SIGKILL after `graceMs`. Also sweeps up group members the
   * leader left behind. Resolves with the leader's exit status.
   */
  async stop(signal = 'SIGTERM', graceMs = 10_000) {
    if (!this.done) this.kill(signal);
    let timer;
    const timedOut = new Promise((resolve) => {
      timer = setTimeout(() => resolve('timeout'), graceMs);
    });
    const result = await Promise.race([this.exited, timedOut]);
    clearTimeout(timer);
    if (result === 'timeout') {
      console.error(`[${this.name}] did not stop within ${graceMs / 1000}s after ${signal}; killing it.`);
    }
    this.kill('SIGKILL');
    return this.exited;
  }
}

/** Exit status of a finished group as a single exit code. */
export function exitCodeOf({ code, signal }) {
  if (code !== null && code !== undefined) return code;
  return signal ? signalExitCode(signal) : 1;
}

/**
 * Call `onSignal(signal)` on the first SIGINT, SIGTERM or SIGHUP; later ones are ignored (see the
 * note at the top of this file); the groups' grace periods bound how long stopping can take.
 */
export function onTermination(onSignal) {
  let received = null;
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      if (received) return;
      received = signal;
      onSignal(signal);
    });
  }
  return () => received;
}

/** Stop every group still running (used on the way out). */
export async function stopAll(signal = 'SIGTERM', graceMs = 10_000) {
  await Promise.all([...groups].map((group) => group.stop(signal, graceMs)));
}

/** Run a command to completion in its own group; returns its exit code. */
export async function run(name, cmd, args, options) {
  const group = new ProcessGroup(name, cmd, args, options);
  return exitCodeOf(await group.exited);
}

/** A TCP port that was free a moment ago. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Poll `url` until `accept(response)` holds. Fails early when `group` exits, when `isCancelled()`
 * returns true, or after `timeoutMs`, with a message naming the last thing seen.
 */
export async function waitForHttp(
  url,
  { timeoutMs = 60_000, group, accept = () => true, isCancelled = () => false } = {},
) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    if (isCancelled()) throw new Error(`Cancelled while waiting for ${url}.`);
    if (group?.done) {
      const status = await group.exited;
      throw new Error(`${group.name} exited (${describeExit(status)}) before ${url} answered.`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5_000), redirect: 'manual' });
      if (await accept(response)) return response;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = error.cause?.code ?? error.message;
    }
    await sleep(250);
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000}s (last: ${last}).`);
}

export function describeExit({ code, signal }) {
  return signal ? `signal ${signal}` : `exit code ${code}`;
}

/** Milliseconds to a short human string: 850 ms, 12.3 s, 2 min 05 s. */
export function formatDuration(ms) {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} min ${String(Math.floor(seconds - minutes * 60)).padStart(2, '0')} s`;
}
