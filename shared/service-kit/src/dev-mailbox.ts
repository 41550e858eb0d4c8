import { BlockList, isIPv4, isIPv6 } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { ConfigError, type KitConfig } from './config';

/*
 * The dev mailbox (docs/operations.md#dev-mailbox) shows every mail the shop kept instead of sending it, live
 * password reset links included: whoever reads it can take over any account. So it exists only outside production
 * without SMTP_URL, only for the machine the shop runs on, and a shop listening beyond that machine must send its
 * mail instead.
 */

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** 127.0.0.0/8 or ::1, also as an IPv4-mapped address (how a dual-stack socket reports 127.0.0.1). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  if (isIPv4(address)) return LOOPBACK.check(address, 'ipv4');
  return isIPv6(address) && LOOPBACK.check(address, 'ipv6');
}

/** A listening address (HOST) that only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  return bare.toLowerCase() === 'localhost' || isLoopbackAddress(bare);
}

/** Whether this install keeps its mail for the dev mailbox: outside production, with no SMTP server to send it. */
export function devMailboxOn(opts: { production: boolean; smtp: boolean }): boolean {
  return !opts.production && !opts.smtp;
}

/**
 * Refuses a start that would keep mail for the dev mailbox while listening where other machines reach it. The
 * mailbox itself answers this machine only, but a proxy on the same machine would make every visitor look local.
 */
export function assertDevMailboxPrivate(config: Pick<KitConfig, 'production' | 'smtpUrl' | 'host'>): void {
  if (!devMailboxOn({ production: config.production, smtp: Boolean(config.smtpUrl) }) || isLoopbackHost(config.host)) return;
  throw new ConfigError([
    {
      variable: 'HOST',
      message:
        `HOST=${config.host} lets other machines reach the shop, and with no SMTP_URL its mail (password reset links included) ` +
        'is kept for the dev mailbox. Set SMTP_URL to send mail through a mail server, or leave HOST unset to listen on 127.0.0.1 only',
    },
  ]);
}

/** Headers a proxy adds: a request that carries one was relayed, so its socket's address is the proxy's, not the reader's. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'] as const;

/**
 * The request came from this machine: its socket's address is loopback (never a header, which anyone can send) and
 * nothing relayed it.
 */
export function fromThisMachine(request: FastifyRequest): boolean {
  return isLoopbackAddress(request.socket.remoteAddress) && FORWARDING_HEADERS.every((h) => request.headers[h] === undefined);
}
