// PLACEHOLDER until the sign-in work lands: a bare server so the harness starts.
import http from "node:http";

export async function startFakeProviders({ port = 0, host = "127.0.0.1" } = {}) {
  const server = http.createServer((req, res) => {
    res.writeHead(404).end();
  });
  await new Promise((r) => server.listen(port, host, r));
  const addr = server.address();
  return { baseUrl: `http://${host}:${addr.port}`, close: () => new Promise((r) => server.close(() => r())) };
}
