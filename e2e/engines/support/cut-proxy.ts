import net from 'node:net';

/**
 * The shopper's network, between the browser and the reference server: a TCP relay the journeys can
 * cut (the server becomes unreachable: connections refused, open ones dropped) and restore. The same
 * in every engine, unlike each browser's own offline switch (WebKitWebDriver has none), and it takes
 * the service worker's requests offline too. navigator.onLine stays true, as on a phone whose Wi-Fi
 * is up but whose shop is unreachable.
 */
export class CutProxy {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();

  private constructor(
    readonly port: number,
    private readonly targetPort: number,
  ) {}

  static async start(port: number, targetPort: number): Promise<CutProxy> {
    const proxy = new CutProxy(port, targetPort);
    await proxy.listen();
    return proxy;
  }

  get isCut(): boolean {
    return this.server === null;
  }

  private listen(): Promise<void> {
    const server = net.createServer((client) => {
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
    });
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      // Every interface (IPv6 and IPv4), as the server itself listens: 'localhost' may be either.
      server.listen(this.port, () => {
        this.server = server;
        resolve();
      });
    });
  }

  /** The network goes away: the port refuses connections and open ones are dropped. */
  async cut(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }

  async restore(): Promise<void> {
    if (!this.server) await this.listen();
  }

  async close(): Promise<void> {
    await this.cut();
  }
}
