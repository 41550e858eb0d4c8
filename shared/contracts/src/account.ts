// Schemas and types of the account vertical's requests and responses (owned by that vertical). The field rules
// and limits they build on are in account.rules.ts.
import { Type, type Static } from '@sinclair/typebox';
import { Ok, OkList, OneOf, PageFigures, StrictObject } from './envelope';
import { ACCOUNT_LIMITS, ADMIN_USERS_MAX_LIMIT, ADMIN_USERS_QUERY_MAX, REGISTRATION_NUMBER_PATTERN } from './account.rules';
import { HEALTH_PROFILE_FIELDS } from './pharmacist.rules';
import { STAFF_ROLES } from './staff';

// ---------------------------------------------------------------------------------------------------------
// Schemas. Bodies bound types and sizes (the rules above give the friendly messages); every object rejects
// unknown fields, and no field accepts an object, so `{"$gt": ""}` is a 400.
// ---------------------------------------------------------------------------------------------------------

const Str = (max: number) => Type.String({ maxLength: max });
const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);

/** A user as every API returns it (never the password hash). Dates are ISO strings; DOB is YYYY-MM-DD. */
export const User = StrictObject({
  _id: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String(),
  phone: Nullable(Type.String()),
  DOB: Nullable(Type.String()),
  allergies: Type.Array(Type.String()),
  healthConditions: Type.Array(Type.String()),
  /** True exactly when `roles` is not empty: the key to /admin. */
  admin: Type.Boolean(),
  /** Staff roles (docs/product.md#staff-roles); empty for shoppers. */
  roles: Type.Array(OneOf(STAFF_ROLES)),
  /** A pharmacist's GPhC registration number (7 digits), for the responsible pharmacist record; absent otherwise. */
  registrationNumber: Type.Optional(Type.String()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type User = Static<typeof User>;

/**
 * PUT /api/admin/users/roles/:id (staff.manage): the staff member's roles as they should be from now on, and a
 * pharmacist's registration number (null clears it). Their tokens issued before are refused within seconds.
 */
export const StaffRolesBody = StrictObject({
  roles: Type.Array(OneOf(STAFF_ROLES), { maxItems: STAFF_ROLES.length, uniqueItems: true }),
  registrationNumber: Type.Optional(Type.Union([Type.String({ pattern: REGISTRATION_NUMBER_PATTERN }), Type.Null()])),
});
export type StaffRolesBody = Static<typeof StaffRolesBody>;

/**
 * A user as staff see them (docs/domain.md#health-data): the shop's User, whose health fields are left out and named in
 * `restricted` for a role without 'health.read', so "restricted" never reads as "none".
 */
export const StaffUser = StrictObject({
  ...User.properties,
  DOB: Type.Optional(User.properties.DOB),
  allergies: Type.Optional(User.properties.allergies),
  healthConditions: Type.Optional(User.properties.healthConditions),
  restricted: Type.Optional(Type.Array(OneOf(HEALTH_PROFILE_FIELDS))),
});
export type StaffUser = Static<typeof StaffUser>;

export const RegisterBody = StrictObject({
  firstName: Str(200),
  lastName: Str(200),
  email: Str(320),
  password: Str(1024),
});
export type RegisterBody = Static<typeof RegisterBody>;

/**
 * `altcha`: the solved proof-of-work check (base64 JSON of the check and its solution, ALTCHA's payload format), sent
 * when sign-in asked for one (SIGN_IN_CHALLENGE_CODE).
 */
export const LoginBody = StrictObject({ email: Str(320), password: Str(1024), altcha: Type.Optional(Str(4096)) });
export type LoginBody = Static<typeof LoginBody>;

/** PUT /api/account/profile: any subset of the editable fields; phone and DOB may be cleared with null or "". */
export const UpdateProfileBody = StrictObject(
  {
    firstName: Type.Optional(Str(200)),
    lastName: Type.Optional(Str(200)),
    email: Type.Optional(Str(320)),
    phone: Type.Optional(Nullable(Str(100))),
    DOB: Type.Optional(Nullable(Str(100))),
    allergies: Type.Optional(Type.Array(Str(200), { maxItems: 200 })),
    healthConditions: Type.Optional(Type.Array(Str(200), { maxItems: 200 })),
    /** Required when `email` changes: a session left open on a shared computer must not hand the account over. */
    currentPassword: Type.Optional(Str(1024)),
  },
  { minProperties: 1 },
);
export type UpdateProfileBody = Static<typeof UpdateProfileBody>;

export const DeleteAccountBody = StrictObject({ password: Str(1024) });
export type DeleteAccountBody = Static<typeof DeleteAccountBody>;

export const ChangePasswordBody = StrictObject({ currentPassword: Str(1024), newPassword: Str(1024) });
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

export const ForgotPasswordBody = StrictObject({ email: Str(320) });
export type ForgotPasswordBody = Static<typeof ForgotPasswordBody>;

export const ResetPasswordBody = StrictObject({ token: Str(ACCOUNT_LIMITS.resetTokenMax), password: Str(1024) });
export type ResetPasswordBody = Static<typeof ResetPasswordBody>;

export const NeedHelpBody = StrictObject({
  subject: Str(1000),
  message: Str(20000),
  orderId: Type.Optional(Str(200)),
});
export type NeedHelpBody = Static<typeof NeedHelpBody>;

/** GET routes that take no query parameters (an unknown one is a 400 like any unknown field). */
export const NoQuery = StrictObject({});

/** Bodiless POSTs (logout, refresh): no body, null or `{}`; any field is refused as unknown. */
export const EmptyBody = Type.Unsafe<Record<string, never> | null>({ type: ['object', 'null'], properties: {}, additionalProperties: false });

export const SuggestIdeaBody = StrictObject({ title: Str(1000), description: Str(20000) });
export type SuggestIdeaBody = Static<typeof SuggestIdeaBody>;

export const Ticket = StrictObject({
  _id: Type.String(),
  kind: OneOf(['help', 'idea']),
  createdAt: Type.String(),
});
export type Ticket = Static<typeof Ticket>;

/** Auth answers carry the user twice: as `user` (what clients of the auth calls read) and as `data` (the envelope); docs/api.md#authentication. */
export const UserResponse = StrictObject({
  success: Type.Literal(true),
  user: User,
  data: User,
  message: Type.Optional(Type.String()),
});
export type UserResponse = Static<typeof UserResponse>;

/**
 * Who a verified access token says the user is, and nothing more: the gateway answers check-auth with this while
 * the account service cannot be reached, so a signed-in shopper stays signed in. `firstName` comes from the
 * token's `userName` claim (absent from tokens issued before it existed).
 */
export const SessionIdentity = StrictObject({
  _id: Type.String(),
  admin: Type.Boolean(),
  /** From the token's `roles` claim, so staff screens still know what a staff member may do. */
  roles: Type.Optional(Type.Array(OneOf(STAFF_ROLES))),
  firstName: Type.Optional(Type.String()),
});
export type SessionIdentity = Static<typeof SessionIdentity>;

export const DegradedCheckAuthResponse = StrictObject({
  success: Type.Literal(true),
  user: SessionIdentity,
  data: SessionIdentity,
  /** The account details could not be read; `message` says so in words a shopper understands. */
  degraded: Type.Literal(true),
  message: Type.String(),
});
export type DegradedCheckAuthResponse = Static<typeof DegradedCheckAuthResponse>;

/** GET /api/auth/check-auth: the full user from the account service, or the token's identity when it is down. */
export const CheckAuthResponse = Type.Union([UserResponse, DegradedCheckAuthResponse]);
export type CheckAuthResponse = Static<typeof CheckAuthResponse>;

/** Responses that only confirm (sign-out, logout, change password, delete account, forgot/reset password). */
export const MessageResponse = StrictObject({
  success: Type.Literal(true),
  data: Type.Null(),
  message: Type.String(),
});
export type MessageResponse = Static<typeof MessageResponse>;

/**
 * GET /api/auth/challenge: whether a sign-in from this browser's unknown devices needs the proof-of-work check now
 * and, when it does, a check to solve (ALTCHA v2, PBKDF2/SHA-256, signed by the account service; single use,
 * expiring) with the most attempts a solution can take, so the page can show its progress.
 */
export const SignInChallenge = StrictObject({
  required: Type.Boolean(),
  challenge: Type.Union([
    StrictObject({
      // Signed as a whole: whatever fields the library adds are passed on untouched.
      parameters: Type.Object(
        { algorithm: Type.String(), nonce: Type.String(), salt: Type.String(), cost: Type.Integer(), keyLength: Type.Integer(), keyPrefix: Type.String() },
        { additionalProperties: true },
      ),
      signature: Type.String(),
    }),
    Type.Null(),
  ]),
  maxAttempts: Type.Integer({ minimum: 0 }),
});
export type SignInChallenge = Static<typeof SignInChallenge>;
export const SignInChallengeResponse = Ok(SignInChallenge);

/**
 * Where mail can be read on an install that keeps it (no SMTP_URL, not production): a page on the shop's own
 * origin listing every mail written, newest first, for the machine the shop runs on only. The gateway serves it,
 * from the account service's internal outbox routes. It does not exist in production.
 */
export const DEV_MAILBOX_PATH = '/dev/mailbox';

/** A mail the shop kept instead of sending it: what the dev mailbox shows (internal routes only). */
export const KeptMail = StrictObject({
  _id: Type.String(),
  to: Type.String(),
  subject: Type.String(),
  text: Type.String(),
  createdAt: Type.String(),
});
export type KeptMail = Static<typeof KeptMail>;
export const KeptMailsResponse = Ok(StrictObject({ mails: Type.Array(KeptMail) }));
export const KeptMailResponse = Ok(KeptMail);

/**
 * POST /api/auth/forgot-password: the same confirmation whether or not the account exists, plus, only where the
 * dev mailbox exists, `mailbox` (its path) so the page can say where the reset link went.
 */
export const ForgotPasswordResponse = StrictObject({
  success: Type.Literal(true),
  data: Type.Null(),
  message: Type.String(),
  mailbox: Type.Optional(Type.String()),
});
export type ForgotPasswordResponse = Static<typeof ForgotPasswordResponse>;

export const TicketResponse = StrictObject({ success: Type.Literal(true), data: Ticket, message: Type.String() });
/**
 * GET /api/admin/users/get: newest first, one page at a time (page 1 of ADMIN_USERS_DEFAULT_LIMIT without parameters);
 * `q` finds users by first name, last name or "first last", ignoring case, matched literally.
 */
export const AdminUsersQuery = StrictObject({
  q: Type.Optional(Type.String({ maxLength: ADMIN_USERS_QUERY_MAX, pattern: '^[^\\u0000-\\u001f\\u007f]*$' })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: ADMIN_USERS_MAX_LIMIT })),
});
export type AdminUsersQuery = Static<typeof AdminUsersQuery>;
/** `data` is the page's users (the list SPEC names); the paging figures sit beside it. */
export const UserListResponse = OkList(StaffUser, PageFigures);
export const UserDetailsResponse = StrictObject({ success: Type.Literal(true), data: StaffUser });

/**
 * GET /internal/account/users/{id}/safety-profile (service to service, internal token): what checkout and
 * catalog need for the pharmacy safety rules, and nothing else about the user.
 */
export const SafetyProfile = StrictObject({
  allergies: Type.Array(Type.String()),
  healthConditions: Type.Array(Type.String()),
  /** YYYY-MM-DD, or null when the user has not given it. */
  DOB: Nullable(Type.String()),
});
export type SafetyProfile = Static<typeof SafetyProfile>;
export const SafetyProfileResponse = StrictObject({ success: Type.Literal(true), data: SafetyProfile });

/**
 * GET /internal/account/users/by-email?email= (service to service): the ids of the users whose email contains the
 * text (any case, matched literally), at most USERS_BY_EMAIL_MAX: checkout stores no emails on orders, so an erased
 * account's orders are no longer found by its address.
 */
export const USERS_BY_EMAIL_MAX = 50;
export const UsersByEmailQuery = StrictObject({ email: Type.String({ minLength: 3, maxLength: 100 }) });
export type UsersByEmailQuery = Static<typeof UsersByEmailQuery>;
export const UsersByEmailResponse = StrictObject({ success: Type.Literal(true), data: StrictObject({ userIds: Type.Array(Type.String()) }) });

/**
 * POST /internal/account/users/{id}/notify (service to service, internal token): mail the user about something
 * another service did to their order (paid, approved, dispatched, a pharmacist's rejection…). The account service
 * alone knows the address. `key` makes a retry send nothing twice: a key already sent answers `sent: false`.
 * `html` is the same message as HTML, written by the caller with every value escaped; `text` is always sent too.
 */
export const NotifyUserBody = StrictObject({
  subject: Type.String({ minLength: 1, maxLength: 200 }),
  text: Type.String({ minLength: 1, maxLength: 20_000 }),
  html: Type.Optional(Type.String({ minLength: 1, maxLength: 100_000 })),
  key: Type.String({ minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9_.:-]+$' }),
});
export type NotifyUserBody = Static<typeof NotifyUserBody>;
export const NotifyUserResponse = StrictObject({ success: Type.Literal(true), data: StrictObject({ sent: Type.Boolean() }) });
export type NotifyUserResponse = Static<typeof NotifyUserResponse>;

/**
 * GET /internal/account/users/{id}/name (service to service): a user's name, for the order history staff read
 * (checkout records the name of the member of staff who changed an order, as it was at the time).
 */
export const UserNameResponse = StrictObject({
  success: Type.Literal(true),
  /** `email`: for the pharmacist checking the user's prescription (who to contact about it). */
  data: StrictObject({ firstName: Type.String(), lastName: Type.String(), email: Type.Optional(Type.String()) }),
});
export type UserNameResponse = Static<typeof UserNameResponse>;
