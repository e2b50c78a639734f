// The model gateway's forwarder inside the sandbox (NetworkMode none).
// Usage: node forward.js PORT SOCKET.  Listens on 127.0.0.1:PORT and pipes
// every connection to the Unix socket SOCKET, which the harness mounts into
// the container and serves from the host; prints "ready" once listening.
'use strict';
const net = require('net');

const [port, socketPath] = process.argv.slice(2);
const server = net.createServer((client) => {
  client.setNoDelay(true); // no Nagle: small requests would wait for a delayed ACK (~40 ms)
  const upstream = net.connect(socketPath);
  client.pipe(upstream).pipe(client);
  upstream.on('error', () => client.destroy());
  client.on('error', () => upstream.destroy());
});
server.on('error', (err) => {
  process.stderr.write(`forwarder: ${err.message}\n`);
  process.exit(1);
});
server.listen(Number(port), '127.0.0.1', () => process.stdout.write('ready\n'));
