import { createRouteClient, readSafetyProfile, type ServiceClientOptions } from '@pharmacy/service-kit';
import { AccountRoutes, type NotifyUserBody, type SafetyProfile } from '@pharmacy/contracts';

/** What checkout asks of the account service, which alone holds a user's health profile, name and email. */
export interface AccountClient {
  /** The user's allergies, health conditions and DOB (never sent by the browser). */
  safetyProfile(userId: string): Promise<SafetyProfile>;
  /** Mails the user; `sent: false` when this key was sent before. Throws 404 for a user who no longer exists. */
  notify(userId: string, mail: NotifyUserBody): Promise<{ sent: boolean }>;
  /** The ids of the users whose email contains the text (staff's order search); a deleted account matches nothing. */
  userIdsByEmail(email: string): Promise<string[]>;
}

export function createAccountClient(opts: ServiceClientOptions): AccountClient {
  const call = createRouteClient(opts);
  const { internal } = AccountRoutes;
  return {
    safetyProfile: (userId) => readSafetyProfile(call, userId),
    notify: (userId, mail) => call(internal.notifyUser, { params: { id: userId }, body: mail }),
    userIdsByEmail: async (email) => (await call(internal.usersByEmail, { query: { email } })).userIds,
  };
}
