/**
 * What starting a server on 127.0.0.1 gives back, whichever server it is (the
 * static server, the sandbox, nginx), the check that its port is free, and
 * the one wait for it to listen.
 */
import net from 'node:net';

export interface RunningServer {
  /** Its origin, `http://127.0.0.1:<port>`. */
  url: string;
  close(): Promise<void>;
}

export interface WaitOptions {
  /** Names the server in errors. */
  name: string;
  /** Settles with what to report when the server's process ends before it listens (its exit code, its error log). */
  exited?: Promise<string>;
  timeoutMs?: number;
}

/**
 * Rejects, naming the server, when something already listens on
 * 127.0.0.1:port (a server left running by an interrupted run): the wait
 * below would find that listener and report this server started, and a
 * benchmark would measure whatever the other one serves.
 */
export function ensurePortFree(port: number, name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          error.code === 'EADDRINUSE'
            ? `${name} cannot listen on 127.0.0.1:${port}: something else already does (a server left running?)`
            : `${name} cannot listen on 127.0.0.1:${port}: ${error.message}`,
        ),
      ),
    );
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}

/** Resolves once 127.0.0.1:port accepts connections; rejects when the process ends first, or after the timeout. */
export function waitForPort(port: number, {name, exited, timeoutMs = 30_000}: WaitOptions): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    let settled = false;
    void exited?.then((report) => {
      settled = true;
      reject(new Error(`${name} exited before listening on 127.0.0.1:${port}:\n${report}`));
    });
    const attempt = () => {
      if (settled) return;
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        settled = true;
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() < deadline) setTimeout(attempt, 100);
        else {
          settled = true;
          reject(new Error(`${name} did not listen on 127.0.0.1:${port} within ${timeoutMs / 1000} s`));
        }
      });
    };
    attempt();
  });
}
