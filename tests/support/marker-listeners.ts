// Local listeners that answer a unique marker and count who connected: the outbound policy's tests
// prove with them that a refused address saw no connection and that a remote's words never reach a
// reply. `smtp` greets with the marker as a refusal (554); `http` answers every request with the
// marker in each field a service's error could be read from.
import { createServer as createHttpServer } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';

export interface MarkerListener {
  port: number;
  /** Connections accepted so far. */
  connections: number;
  close(): Promise<void>;
}

async function listening(server: Server): Promise<MarkerListener> {
  const sockets = new Set<Socket>();
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const socket of sockets) socket.destroy(); // a client may keep its side open
    });
  const listener = { port: 0, connections: 0, close };
  server.on('connection', (socket: Socket) => {
    listener.connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  listener.port = (server.address() as { port: number }).port;
  return listener;
}

export function smtpMarker(marker: string): Promise<MarkerListener> {
  return listening(createServer((socket) => socket.end(`554 ${marker} service not available\r\n`)));
}

export function httpMarker(marker: string): Promise<MarkerListener> {
  const body = JSON.stringify({
    errcode: 40001,
    errmsg: marker,
    code: 40001,
    msg: marker,
    error: marker,
    error_description: marker,
    message: marker,
  });
  return listening(
    createHttpServer((_req, res) =>
      res.writeHead(500, marker, { 'content-type': 'application/json', 'x-marker': marker }).end(body),
    ),
  );
}
