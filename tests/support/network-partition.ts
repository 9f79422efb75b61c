// A TCP relay between Meridian and its PostgreSQL that a test can partition:
// while cut, nothing crosses it in either direction and new connections are
// accepted but do not reach the database, every socket left open, as when the
// database host vanishes behind a network fault (no refusal, no reset: silence).
// Healed, what waited goes through in order and new connections reach the
// database again. Unlike a stopped database, which refuses at once, this is the
// outage only Meridian's own timeouts can end.
import { connect, createServer, type Server, type Socket } from "node:net";

interface Link {
  client: Socket;
  upstream: Socket | null;
  /** Bytes held while cut, each way. */
  toDatabase: Buffer[];
  toClient: Buffer[];
}

export class NetworkPartition {
  private server: Server | null = null;
  private links = new Set<Link>();
  private isCut = false;
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async start(): Promise<this> {
    this.server = createServer((client) => this.accept(client));
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    this.port = (this.server.address() as { port: number }).port;
    return this;
  }

  /** The database's URL with the relay in front of it. */
  url(databaseUrl: string): string {
    const url = new URL(databaseUrl);
    url.hostname = "127.0.0.1";
    url.port = String(this.port);
    return url.toString();
  }

  cut(): void {
    this.isCut = true;
  }

  heal(): void {
    this.isCut = false;
    for (const link of this.links) {
      link.upstream ??= this.open(link);
      for (const chunk of link.toDatabase.splice(0)) link.upstream.write(chunk);
      for (const chunk of link.toClient.splice(0)) link.client.write(chunk);
    }
  }

  async stop(): Promise<void> {
    for (const link of this.links) {
      link.client.destroy();
      link.upstream?.destroy();
    }
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private accept(client: Socket): void {
    const link: Link = { client, upstream: null, toDatabase: [], toClient: [] };
    this.links.add(link);
    client.on("data", (chunk) => {
      if (this.isCut || !link.upstream) link.toDatabase.push(chunk);
      else link.upstream.write(chunk);
    });
    client.on("error", () => client.destroy());
    client.on("close", () => {
      link.upstream?.destroy();
      this.links.delete(link);
    });
    if (!this.isCut) link.upstream = this.open(link);
  }

  private open(link: Link): Socket {
    const upstream = connect(this.target.port, this.target.host);
    upstream.on("data", (chunk) => {
      if (this.isCut) link.toClient.push(chunk);
      else link.client.write(chunk);
    });
    upstream.on("error", () => upstream.destroy());
    upstream.on("close", () => link.client.destroy());
    return upstream;
  }
}
