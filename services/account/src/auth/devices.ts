import { createHash, createHmac, hkdfSync, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AccountRoutes, normalizeEmail } from '@pharmacy/contracts';

/*
 * OWASP's device cookies (docs/api.md#sign-in-limits): a browser that has signed in to an account gets a signed
 * cookie naming that account and a device id. Sign-ins carrying a genuine one are the owner's device: strangers'
 * wrong passwords never lock it out, and its own wrong passwords are limited per device instead. It proves nothing
 * else: the password is still checked, and the cookie is sent to the sign-in call only.
 */

export const DEVICE_COOKIE_PREFIX = 'pharmacy_device_';
/** A device is remembered this long after its last sign-in. */
export const DEVICE_TTL_SECONDS = 365 * 24 * 60 * 60;

export interface Devices {
  /** The id of this browser's device for the account named by `email` when its cookie is genuine and current, else null. */
  known(request: FastifyRequest, email: string): string | null;
  /** Remembers (or keeps) this browser as a device of the account for another DEVICE_TTL_SECONDS. */
  remember(reply: FastifyReply, email: string, deviceId: string | null): void;
}

export function createDevices(opts: { privateKey: string; secureCookies: boolean; now: () => Date }): Devices {
  // Derived from the signing key, so every process of the account service agrees without another secret to deploy.
  const secret = Buffer.from(hkdfSync('sha256', opts.privateKey, '', 'pharmacy device cookie', 32));
  // One cookie per account, named by a digest of its email: a browser may be the device of several accounts.
  const nameFor = (email: string) => `${DEVICE_COOKIE_PREFIX}${createHash('sha256').update(email).digest('hex').slice(0, 16)}`;
  const sign = (email: string, id: string, expires: string) => createHmac('sha256', secret).update(`${email}\n${id}\n${expires}`).digest();

  return {
    known(request, rawEmail) {
      const email = normalizeEmail(rawEmail);
      const value = request.cookies[nameFor(email)];
      const [id, expires, signature, ...rest] = value?.split('.') ?? [];
      if (!id || !expires || !signature || rest.length || !/^\d{1,12}$/.test(expires)) return null;
      if (Number(expires) * 1000 <= opts.now().getTime()) return null;
      const given = Buffer.from(signature, 'base64url');
      const expected = sign(email, id, expires);
      return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
    },
    remember(reply, rawEmail, deviceId) {
      const email = normalizeEmail(rawEmail);
      const id = deviceId ?? randomUUID();
      const expires = String(Math.floor(opts.now().getTime() / 1000) + DEVICE_TTL_SECONDS);
      reply.setCookie(nameFor(email), `${id}.${expires}.${sign(email, id, expires).toString('base64url')}`, {
        httpOnly: true,
        sameSite: 'strict',
        secure: opts.secureCookies,
        path: AccountRoutes.auth.login.path,
        maxAge: DEVICE_TTL_SECONDS,
      });
    },
  };
}
