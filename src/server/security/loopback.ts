import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

/** 127.0.0.0/8, ::1 and their IPv4-mapped form. */
function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(plain) === 4) return plain.startsWith('127.');
  return plain === '::1';
}

/** A HOST value that keeps the server on this machine. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || isLoopbackAddress(host.replace(/^\[|\]$/g, ''));
}

const forwardingHeaders = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-real-ip'];

/**
 * Whether a request came from this machine to this machine, directly. Decided by the socket's own
 * (local) address, not the client's: only a process on this machine can reach a loopback interface,
 * whereas the client address is the proxy's for every proxied visitor (and with trustProxy, request.ip
 * is whatever X-Forwarded-For says). A proxy on this machine connects over loopback too, so a
 * request that carries forwarding headers is treated as coming from the network. The Host must name
 * the loopback as well, so a page on another site cannot reach it by pointing its own name at
 * 127.0.0.1 (DNS rebinding) from a developer's browser.
 */
export function cameFromThisMachine(request: FastifyRequest): boolean {
  if (!isLoopbackAddress(request.socket.localAddress)) return false;
  if (forwardingHeaders.some((name) => request.headers[name] !== undefined)) return false;
  const host = request.headers.host ?? '';
  const hostname = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0];
  return isLoopbackHost(hostname ?? '');
}
