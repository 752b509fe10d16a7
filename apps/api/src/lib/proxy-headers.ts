/**
 * A shop behind a proxy with TRUST_PROXY off sees the proxy's address as every shopper's: each
 * per-address limit becomes one allowance for the whole shop. Forwarded headers arriving from a
 * private or loopback address are the sign of it: the shop says so in its log, once a process.
 */
import { BlockList, isIPv4 } from 'node:net';
import type { Logger } from 'pino';
import type { RequestHandler } from 'express';

const PRIVATE = new BlockList();
for (const [net, bits] of [
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['127.0.0.0', 8],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['fc00::', 7],
  ['fe80::', 10],
  ['::1', 128],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv6');

export function isPrivateAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return isIPv4(v4) ? PRIVATE.check(v4, 'ipv4') : PRIVATE.check(address, 'ipv6');
}

/** Mounted only while TRUST_PROXY is off. */
export function warnUntrustedProxy(logger: Logger): RequestHandler {
  let warned = false;
  return (req, _res, next) => {
    if (
      !warned &&
      (req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined) &&
      isPrivateAddress(req.socket.remoteAddress)
    ) {
      warned = true;
      logger.warn(
        { peer: req.socket.remoteAddress },
        'forwarded headers arrive from a private address while TRUST_PROXY is off: every client behind that proxy counts as one address for the rate limits; set TRUST_PROXY to the proxy (docs/operations/security.md)',
      );
    }
    next();
  };
}
