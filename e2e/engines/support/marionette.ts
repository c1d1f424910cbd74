import { existsSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/** A Marionette reply: [1, id, error or null, result]. */
type Reply = [1, number, { error: string; message: string } | null, unknown];

/**
 * Firefox's classic WebDriver server, Marionette, spoken to directly over its TCP protocol (what
 * geckodriver speaks to it), for the commands WebDriver BiDi lacks: the WebAuthn extension's
 * ("WebAuthn:AddVirtualAuthenticator"; Firefox ESR 153's BiDi answers "unknown command" to
 * webauthn.*). Messages are `<byte length>:<JSON>`; a command is [0, id, name, parameters].
 *
 * No WebDriver:NewSession: Firefox runs one WebDriver session, and Marionette answers commands in
 * the one Puppeteer opened over BiDi (its NewSession would say "Maximum number of active sessions").
 */
export class Marionette {
  private buffer = Buffer.alloc(0);
  private lastId = 0;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private hello: { resolve: () => void; reject: (error: Error) => void } | undefined;
  private failure: Error | undefined;

  private constructor(private readonly socket: net.Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.readMessages();
    });
    socket.on('error', (error) => this.fail(error));
    socket.on('close', () => this.fail(new Error('Marionette closed the connection')));
  }

  /**
   * Connects to the Marionette of the Firefox using `profile`, started with --marionette and the
   * pref marionette.port 0: it listens on a free port of its own and writes it to the profile's
   * MarionetteActivePort once the browser has started.
   */
  static async connect(profile: string, timeoutMs = 15_000): Promise<Marionette> {
    const file = path.join(profile, 'MarionetteActivePort');
    const deadline = Date.now() + timeoutMs;
    while (!existsSync(file) || !readFileSync(file, 'utf8').trim()) {
      if (Date.now() > deadline) throw new Error(`Firefox wrote no Marionette port to ${file} within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const port = Number(readFileSync(file, 'utf8').trim());
    const socket = net.connect(port, '127.0.0.1');
    const marionette = new Marionette(socket);
    await new Promise<void>((resolve, reject) => {
      marionette.hello = { resolve, reject };
    });
    return marionette;
  }

  /** Runs command `name` and resolves with its result (a `value` of it, where Marionette wraps one). */
  command<T>(name: string, parameters: Record<string, unknown> = {}): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = ++this.lastId;
    const body = JSON.stringify([0, id, name, parameters]);
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, {
        resolve: (result) => resolve((isWrapped(result) ? result.value : result) as T),
        reject,
      });
      this.socket.write(`${Buffer.byteLength(body)}:${body}`);
    });
  }

  close(): void {
    this.socket.destroy();
  }

  private readMessages(): void {
    for (;;) {
      const colon = this.buffer.indexOf(':');
      if (colon < 0) return;
      const length = Number(this.buffer.subarray(0, colon).toString());
      if (this.buffer.length < colon + 1 + length) return;
      const message = JSON.parse(this.buffer.subarray(colon + 1, colon + 1 + length).toString()) as unknown;
      this.buffer = this.buffer.subarray(colon + 1 + length);
      if (Array.isArray(message)) this.answer(message as Reply);
      else if (this.hello) {
        this.hello.resolve(); // {"applicationType":"gecko","marionetteProtocol":3}
        this.hello = undefined;
      }
    }
  }

  private answer([, id, error, result]: Reply): void {
    const waiting = this.pending.get(id);
    if (!waiting) return;
    this.pending.delete(id);
    if (error) waiting.reject(new Error(`Marionette: ${error.error}: ${error.message}`));
    else waiting.resolve(result);
  }

  private fail(error: Error): void {
    this.failure ??= error;
    this.hello?.reject(error);
    this.hello = undefined;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }
}

function isWrapped(result: unknown): result is { value: unknown } {
  return typeof result === 'object' && result !== null && Object.keys(result).length === 1 && 'value' in result;
}
