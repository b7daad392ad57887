import type { Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface LocalServer {
  origin: string;
  close(): Promise<void>;
}

/**
 * Listens on a free loopback port. `close` drops open connections first: the load generator
 * keeps its connections alive, and a plain close would wait for them.
 */
export async function listenLocally(server: Server): Promise<LocalServer> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
