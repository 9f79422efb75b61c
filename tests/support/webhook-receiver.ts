// A local HTTP endpoint that records webhooks, for asserting on deliveries.
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { waitFor } from "./api";
import { checkWebhook } from "./contract/recorder";

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  rawBody: string;
  body: { id: string; type: string; timestamp: string; data: any };
}

export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  /** Status the receiver answers with; a function can vary it per call. */
  respondWith: number | ((n: number) => number) = 200;
  /** How long the receiver holds its answer (a slow endpoint); a function can vary it per call. */
  holdMs: number | ((n: number, body: ReceivedWebhook["body"]) => number) = 0;
  private server?: Server;
  url = "";

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      let raw = "";
      req.on("data", (c) => (raw += c));
      req.on("end", () => {
        let body: any = {};
        try {
          body = JSON.parse(raw);
        } catch {
          // keep raw
        }
        this.received.push({ headers: req.headers, rawBody: raw, body });
        checkWebhook(body);
        const status =
          typeof this.respondWith === "function" ? this.respondWith(this.received.length) : this.respondWith;
        const hold = typeof this.holdMs === "function" ? this.holdMs(this.received.length, body) : this.holdMs;
        const answer = () => {
          res.writeHead(status, { "content-type": "application/json" });
          res.end(JSON.stringify({ received: true }));
        };
        if (hold > 0) setTimeout(answer, hold).unref();
        else answer();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server!.address() as { port: number }).port}/hooks`;
    return this;
  }

  ofType(type: string): ReceivedWebhook[] {
    return this.received.filter((w) => w.body.type === type);
  }

  async waitForType(
    type: string,
    opts: { timeoutMs?: number; where?: (w: ReceivedWebhook) => boolean } = {},
  ): Promise<ReceivedWebhook> {
    return waitFor(async () => this.ofType(type).find(opts.where ?? (() => true)), {
      timeoutMs: opts.timeoutMs,
      what: `webhook ${type}`,
    });
  }

  async stop(): Promise<void> {
    // Answers still held are cut off rather than waited for.
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
