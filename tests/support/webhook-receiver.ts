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
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify({ received: true }));
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
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
