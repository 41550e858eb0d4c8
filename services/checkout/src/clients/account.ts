import { createRouteClient, readSafetyProfile, type ServiceClientOptions } from '@pharmacy/service-kit';
import { AccountRoutes, type HealthChange, type InternalAbsence, type NotifyUserBody, type ResponsiblePharmacist, type SafetyProfile } from '@pharmacy/contracts';

/** What checkout asks of the account service, which alone holds a user's health profile, name and email. */
export interface AccountClient {
  /** The user's allergies, health conditions and DOB (never sent by the browser). */
  safetyProfile(userId: string): Promise<SafetyProfile>;
  /** Mails the user; `sent: false` when this key was sent before. Throws 404 for a user who no longer exists. */
  notify(userId: string, mail: NotifyUserBody): Promise<{ sent: boolean }>;
  /** The ids of the users whose email contains the text (staff's order search); a deleted account matches nothing. */
  userIdsByEmail(email: string): Promise<string[]>;
  /** "First Last" and email of a user (the shopper whose prescription a pharmacist checks); throws when unknown or unreachable. */
  userName(userId: string): Promise<{ name: string; email: string }>;
  /**
   * The responsible pharmacist on duty now, or null, and since when they are away while they are (a clinical decision
   * records them, and waits for one who is at the pharmacy).
   */
  responsiblePharmacist(): Promise<{ onDuty: ResponsiblePharmacist | null; absent?: InternalAbsence }>;
  /** The changes to the user's health profile since `since` (the pharmacist's review of an order), oldest first. */
  healthChanges(userId: string, since: Date): Promise<HealthChange[]>;
}

export function createAccountClient(opts: ServiceClientOptions): AccountClient {
  const call = createRouteClient(opts);
  const { internal } = AccountRoutes;
  return {
    safetyProfile: (userId) => readSafetyProfile(call, userId),
    notify: (userId, mail) => call(internal.notifyUser, { params: { id: userId }, body: mail }),
    userName: async (userId) => {
      const { firstName, lastName, email } = await call(internal.userName, { params: { id: userId } });
      return { name: `${firstName} ${lastName}`.trim(), email: email ?? '' };
    },
    userIdsByEmail: async (email) => (await call(internal.usersByEmail, { query: { email } })).userIds,
    responsiblePharmacist: () => call(internal.onDuty, {}),
    healthChanges: async (userId, since) => (await call(internal.healthChanges, { params: { id: userId }, query: { since: since.toISOString() } })).changes,
  };
}
