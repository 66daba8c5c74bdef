/** A port free on 127.0.0.1 at the time of asking, for a server that takes no port 0 (nginx, PostgreSQL, Prism). */
import net from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const {port} = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
