import { createServiceClient, readSafetyProfile, type ServiceClientOptions } from '@pharmacy/service-kit';
import { AccountPaths, type NotifyUserBody, type SafetyProfile } from '@pharmacy/contracts';

/** What checkout asks of the account service, which alone holds a user's health profile and email. */
export interface AccountClient {
  /** The user's allergies, health conditions and DOB (never sent by the browser). */
  safetyProfile(userId: string): Promise<SafetyProfile>;
  /** Mails the user; `sent: false` when this key was sent before. Throws 404 for a user who no longer exists. */
  notify(userId: string, mail: NotifyUserBody): Promise<{ sent: boolean }>;
  /** The ids of the users whose email contains the text (staff's order search); a deleted account matches nothing. */
  userIdsByEmail(email: string): Promise<string[]>;
}

export function createAccountClient(opts: ServiceClientOptions): AccountClient {
  const call = createServiceClient(opts);
  return {
    safetyProfile: (userId) => readSafetyProfile(call, userId),
    notify: (userId, mail) => call<{ sent: boolean }>('POST', AccountPaths.notifyUser(userId), mail),
    userIdsByEmail: async (email) =>
      (await call<{ userIds: string[] }>('GET', `${AccountPaths.usersByEmail}?${new URLSearchParams({ email })}`)).userIds,
  };
}
