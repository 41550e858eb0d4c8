import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  AccountRoutes,
  DEMO_ADMIN,
  DEMO_CATALOGUE,
  DEMO_PHARMACIST,
  DEMO_SUPPORT,
  DEMO_SHOPPER,
  EmptyBody,
  NoQuery,
  LoginBody,
  MessageResponse,
  REFRESH_COOKIE,
  RegisterBody,
  SignInChallengeResponse,
  UserResponse,
  emailProblem,
  nameProblem,
  normalizeEmail,
  passwordProblem,
} from '@pharmacy/contracts';
import { isDuplicateKeyError } from '@pharmacy/db';
import {
  badRequest,
  conflict,
  forbidden,
  ok,
  optionalUser,
  responses,
  sameSiteOnly,
  unauthorized,
  type FastifyPluginAsyncTypebox,
} from '@pharmacy/service-kit';
import type { RateLimits } from '../deps';
import type { SessionKit } from '../sessions/guard';
import type { Sessions } from '../sessions/store';
import type { PasswordHasher } from '../users/passwords';
import { EMAIL_TAKEN, toPublicUser, type UserDoc, type Users } from '../users/store';
import { weakPasswordProblem } from '../users/strength';
import type { PasswordChecks } from './password-check';
import { CHALLENGES_PER_ADDRESS, type SignInChallenges } from './challenge';
import type { Devices } from './devices';

const tags = ['auth'];

const DEMO_EMAILS = new Set<string>([DEMO_ADMIN, DEMO_SHOPPER, DEMO_PHARMACIST, DEMO_CATALOGUE, DEMO_SUPPORT].map((demo) => demo.email));
export const isDemoEmail = (email: string) => DEMO_EMAILS.has(normalizeEmail(email));

export const userReply = (user: UserDoc, message?: string) => {
  const pub = toPublicUser(user);
  return { user: pub, ...ok(pub, message || undefined) };
};

export interface AuthRoutesDeps {
  users: Users;
  sessions: Sessions;
  kit: SessionKit;
  hasher: PasswordHasher;
  passwords: PasswordChecks;
  /** Devices each account knows (signed device cookies). */
  devices: Devices;
  /** The proof-of-work check of sign-in while failures are above normal. */
  challenges: SignInChallenges;
  limits: Pick<RateLimits, 'register' | 'login'>;
  now: () => Date;
  /** Production refuses the demo accounts. */
  production: boolean;
}

/** Sign-in, registration and the session lifecycle (docs/api.md#authentication). */
export const authRoutes: FastifyPluginAsyncTypebox<AuthRoutesDeps> = async (app, deps) => {
  const { users, sessions, kit, hasher, passwords, devices, challenges, limits, now, production } = deps;

  /** Ends whatever session the request carries (access token sid and/or refresh cookie) and clears cookies. */
  async function endSession(request: FastifyRequest, reply: FastifyReply) {
    const claims = await optionalUser(request);
    if (claims) await sessions.revoke(claims.sid);
    const refresh = request.cookies[REFRESH_COOKIE];
    if (refresh) {
      const session = await sessions.findByToken(refresh);
      if (session) await sessions.revoke(session._id);
    }
    kit.clearCookies(reply);
  }

  app.post(
    AccountRoutes.auth.register.path,
    {
      config: { rateLimit: limits.register },
      schema: { tags, summary: 'Create an account (does not sign in)', body: RegisterBody, response: responses(UserResponse, 201) },
    },
    async (request, reply) => {
      const { firstName, lastName, email, password } = request.body;
      const problem =
        nameProblem(firstName, 'First name') ??
        nameProblem(lastName, 'Last name') ??
        emailProblem(email) ??
        passwordProblem(password);
      if (problem) throw badRequest(problem);
      const weak = await weakPasswordProblem(password, { email, firstName, lastName });
      if (weak) throw badRequest(weak, 'WEAK_PASSWORD');
      const at = now();
      const user: UserDoc = {
        _id: randomUUID(),
        firstName: firstName.trim(),
        lastName: lastName.trim(),
        email: normalizeEmail(email),
        phone: null,
        DOB: null,
        allergies: [],
        healthConditions: [],
        admin: false,
        roles: [],
        passwordHash: await hasher.hash(password),
        createdAt: at,
        updatedAt: at,
      };
      try {
        await users.insertOne(user);
      } catch (err) {
        if (isDuplicateKeyError(err)) throw conflict(EMAIL_TAKEN);
        throw err;
      }
      // Registration never authenticates (docs/product.md#client-state): no cookies here; the shopper signs in next.
      return reply.status(201).send(userReply(user, 'Account created. Please sign in.'));
    },
  );

  app.post(
    AccountRoutes.auth.login.path,
    {
      config: {
        rateLimit: {
          ...limits.login,
          // Per address for devices the account does not know: once the body is read, the owner's device is exempt.
          hook: 'preHandler',
          allowList: (request) => devices.known(request, (request.body as { email?: string } | undefined)?.email ?? '') !== null,
        },
      },
      schema: {
        tags,
        summary: 'Sign in: sets the access and refresh cookies and remembers the device (docs/api.md#sign-in-limits)',
        body: LoginBody,
        response: responses(UserResponse),
      },
    },
    async (request, reply) => {
      const email = normalizeEmail(request.body.email);
      const { password, altcha } = request.body;
      if (!email || !password) throw badRequest('Enter your email and password.');
      if (production && isDemoEmail(email)) throw forbidden('Demo accounts are disabled on this site.');
      const user = await users.findOne({ email });
      const { correct, deviceId } = await passwords.signIn(request, reply, { email, passwordHash: user?.passwordHash ?? null, password, altcha });
      if (!user || !correct) {
        throw unauthorized('The email or password is incorrect.', 'INVALID_CREDENTIALS');
      }
      const { session, refreshToken } = await sessions.create(user._id);
      kit.setCookies(reply, user, session._id, refreshToken);
      devices.remember(reply, email, deviceId);
      return userReply(user, `Welcome back, ${user.firstName}.`);
    },
  );

  app.get(
    AccountRoutes.auth.signInChallenge.path,
    {
      config: { rateLimit: CHALLENGES_PER_ADDRESS },
      schema: {
        tags,
        summary: 'Whether sign-in from a new device needs the proof-of-work check now, and a check to solve (docs/api.md#sign-in-limits)',
        querystring: NoQuery,
        response: responses(SignInChallengeResponse),
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await challenges.issue());
    },
  );

  app.post(
    AccountRoutes.auth.refresh.path,
    { schema: { tags, summary: 'Rotate the refresh cookie and issue a new access token', body: EmptyBody, response: responses(UserResponse) } },
    async (request, reply) => {
      const token = request.cookies[REFRESH_COOKIE];
      const ended = () => {
        kit.clearCookies(reply);
        return unauthorized('Your session has ended. Please sign in again.');
      };
      if (!token) throw ended();
      const result = await sessions.rotate(token);
      if (result.kind === 'invalid' || result.kind === 'reused') {
        if (result.kind === 'reused') request.log.warn('refresh token reuse detected: session revoked');
        throw ended();
      }
      const user = await users.findOne({ _id: result.session.userId });
      if (!user) {
        await sessions.revoke(result.session._id);
        throw ended();
      }
      // 'raced': another tab already rotated this token a moment ago and the browser holds its cookies.
      if (result.kind === 'rotated') kit.setCookies(reply, user, result.session._id, result.refreshToken);
      return userReply(user);
    },
  );

  const whoAmI = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    return userReply(kit.current(request).user);
  };
  app.get(
    AccountRoutes.auth.me.path,
    { onRequest: kit.signedIn, schema: { tags, summary: 'The signed-in user', querystring: NoQuery, response: responses(UserResponse) } },
    whoAmI,
  );
  app.get(
    AccountRoutes.auth.checkAuth.path,
    { onRequest: kit.signedIn, schema: { tags, summary: 'Auth check (never cached)', querystring: NoQuery, response: responses(UserResponse) } },
    whoAmI,
  );

  app.post(
    AccountRoutes.auth.logout.path,
    { schema: { tags, summary: 'Sign out: revokes the session and clears cookies', body: EmptyBody, response: responses(MessageResponse) } },
    async (request, reply) => {
      await endSession(request, reply);
      return ok(null, 'You have been signed out.');
    },
  );

  app.get(
    AccountRoutes.auth.signout.path,
    {
      // A GET that signs out: another site's link or image must not (docs/api.md#authentication).
      onRequest: sameSiteOnly,
      schema: { tags, summary: 'Sign out (the GET form of logout; the shop\'s own pages only)', querystring: NoQuery, response: responses(MessageResponse) },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      await endSession(request, reply);
      return ok(null, 'You have been signed out.');
    },
  );
};
