import net from 'node:net';

/**
 * The shopper's network, between the browser and the reference server: a TCP relay the journeys can
 * cut (the server becomes unreachable: open connections dropped, new ones reset at once) and restore.
 * The same in every engine, unlike each browser's own offline switch (WebKitWebDriver has none), and
 * it takes the service worker's requests offline too. navigator.onLine stays true, as on a phone
 * whose Wi-Fi is up but whose shop is unreachable.
 *
 * It listens on loopback only, on a port of its own choosing (kept while cut, so nothing else can
 * take it), IPv4 and, where the machine has it, IPv6: 'localhost' may be either.
 */
export class CutProxy {
  private readonly sockets = new Set<net.Socket>();
  private readonly servers: net.Server[] = [];
  private cutNow = false;
  private listening = 0;

  private constructor(private readonly targetPort: number) {}

  /** A relay to the server on `targetPort` (loopback), on a free port of its own. */
  static async start(targetPort: number): Promise<CutProxy> {
    const proxy = new CutProxy(targetPort);
    const v4 = net.createServer((client) => proxy.relay(client));
    await listen(v4, 0, '127.0.0.1');
    proxy.servers.push(v4);
    proxy.listening = (v4.address() as net.AddressInfo).port;
    const v6 = net.createServer((client) => proxy.relay(client));
    try {
      await listen(v6, proxy.listening, '::1');
      proxy.servers.push(v6);
    } catch {
      // No IPv6 loopback here, or the port is taken on it: browsers fall back to 127.0.0.1.
    }
    return proxy;
  }

  get port(): number {
    return this.listening;
  }

  get isCut(): boolean {
    return this.cutNow;
  }

  private relay(client: net.Socket): void {
    if (this.cutNow) {
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect(this.targetPort, '127.0.0.1');
    for (const socket of [client, upstream]) {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  }

  /** The network goes away: open connections are dropped, new ones reset. */
  cut(): void {
    this.cutNow = true;
    for (const socket of this.sockets) socket.destroy();
  }

  restore(): void {
    this.cutNow = false;
  }

  async close(): Promise<void> {
    this.cut();
    await Promise.all(this.servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
  }
}

function listen(server: net.Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
