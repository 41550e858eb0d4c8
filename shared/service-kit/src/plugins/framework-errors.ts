import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCodes } from '@pharmacy/contracts';
import { failure } from '../envelope';
import { PERMISSIONS_POLICY } from './response-headers';

/**
 * Errors Fastify's router raises before any route or error handler runs (a URL that is not valid
 * percent-encoding, a path parameter longer than the router accepts): answered in the envelope like
 * every other error instead of Fastify's own JSON shape.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const send = (status: number, code: string, message: string) =>
    void reply
      .status(status)
      .header('cache-control', 'no-store')
      .header('permissions-policy', PERMISSIONS_POLICY)
      .send(failure(code, message));
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return send(414, ErrorCodes.TOO_LARGE, 'The address is too long. Shorten the search or the link and try again.');
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    return send(400, ErrorCodes.VALIDATION, 'The address is not valid: it contains a broken character code.');
  }
  return send(500, ErrorCodes.INTERNAL, 'Something went wrong on our side. Please try again.');
}

/**
 * Node's HTTP parser refuses some requests before Fastify sees them (headers too large, a method it does not
 * know, a malformed request line, a client too slow to send its request) and writes the answer on the raw
 * socket; it is written here in the envelope too.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, ErrorCodes.TOO_LARGE, 'The request headers are too large. Clear this site’s cookies and try again.']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, ErrorCodes.VALIDATION, 'The request took too long to arrive. Please try again.']
        : err.code === 'HPE_INVALID_METHOD'
          ? [405, ErrorCodes.VALIDATION, 'This request method is not supported.']
          : [400, ErrorCodes.VALIDATION, 'The request is not valid HTTP.'];
  const body = JSON.stringify(failure(code, message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Cache-Control: no-store\r\nPermissions-Policy: ${PERMISSIONS_POLICY}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
