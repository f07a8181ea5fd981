import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';

/** Node's parser codes for requests it refuses before Express sees them, and what they mean to the client. */
const REFUSALS: Record<string, { status: number; reason: string; message: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, reason: 'Request Header Fields Too Large', message: 'The request headers are too large' },
  HPE_URI_TOO_LONG: { status: 414, reason: 'URI Too Long', message: 'The address is too long' },
};
const LINGER_MS = 2_000;
const BAD_REQUEST = { status: 400, reason: 'Bad Request', message: 'The request could not be understood' };

/**
 * Requests Node's HTTP parser refuses (headers over 16 KB, malformed request lines)
 * never reach Express, and Node answers them with an empty body. Here they get the
 * API's one error shape like every other refusal. Nothing of the request is echoed.
 */
export function answerClientErrorsAsJson(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const refusal = REFUSALS[error.code ?? ''] ?? BAD_REQUEST;
    const body = JSON.stringify({ message: refusal.message });
    socket.end(
      `HTTP/1.1 ${refusal.status} ${refusal.reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
    // Lingering close: read and discard what the client is still sending (a large body), so
    // that it gets to read the answer instead of a connection reset; then let go for good.
    socket.on('data', () => undefined);
    socket.resume();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  });
}
