// A bare node:http server returning constant JSON: the ceiling for one Node process.
import http from "node:http";

const body = JSON.stringify({ ok: true });
const server = http.createServer((req, res) => {
  res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
  res.end(body);
});
server.listen(0, "127.0.0.1", () => process.send?.({ port: server.address().port }));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
