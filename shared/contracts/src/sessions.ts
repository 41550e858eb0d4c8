// Schemas of the service-to-service calls that end sessions and erase a deleted account's personal data.
// Browsers never reach these (/internal/* is not proxied and needs the internal token).
import { Type, type Static } from '@sinclair/typebox';
import { Id, Ok, OneOf, StrictObject } from './envelope';
import { STAFF_ROLES } from './staff';

/**
 * A revoked session (every access token carrying its sid), a deleted user (every token of theirs), or a user whose
 * staff roles changed (`roles`: every token of theirs carrying other roles, so every one issued before the change, is
 * refused as expired and the browser refreshes it), refused until `expiresAt` (ISO), by when every access token
 * issued before the revocation has expired anyway.
 */
export const Revocation = StrictObject({
  kind: OneOf(['session', 'user', 'roles']),
  id: Type.String({ minLength: 1, maxLength: 64 }),
  expiresAt: Type.String(),
  /** kind 'roles' only: the user's roles since the change. */
  roles: Type.Optional(Type.Array(OneOf(STAFF_ROLES))),
});
export type Revocation = Static<typeof Revocation>;

/** `cursor` is passed back as `since` on the next poll: only what was revoked since then comes back. */
export const RevocationFeed = StrictObject({ revocations: Type.Array(Revocation), cursor: Type.String() });
export type RevocationFeed = Static<typeof RevocationFeed>;
export const RevocationFeedResponse = Ok(RevocationFeed);
export const RevocationQuery = StrictObject({ since: Type.Optional(Type.String({ pattern: '^[0-9]{1,15}$' })) });
export type RevocationQuery = Static<typeof RevocationQuery>;

/** What one service erased or anonymised for a deleted account (idempotent: a repeat finds nothing left). */
export const ErasureParams = StrictObject({ userId: Id });
export type ErasureParams = Static<typeof ErasureParams>;
export const ErasureResult = Type.Record(Type.String(), Type.Integer({ minimum: 0 }));
export type ErasureResult = Static<typeof ErasureResult>;
export const ErasureResponse = Ok(ErasureResult);
