import type { ResponsiblePharmacist } from '@pharmacy/contracts';
import type { Collection, DocumentStore } from '@pharmacy/db';
import type { WindowEntry } from './engine';

/** One person's or one address's supply window (docs/domain.md#supply-limits): its orders, and the revision each write moves. */
export type WindowDoc = {
  _id: string;
  revision: number;
  entries: WindowEntry[];
};

export const SUPPLY_WINDOWS = 'supply_windows';

export const windowsCollection = (store: DocumentStore): Collection<WindowDoc> => store.collection<WindowDoc>(SUPPLY_WINDOWS);

/** A pharmacist's one-order override of a policy rule (docs/domain.md#supply-limits). */
export type OverrideDoc = {
  _id: string;
  userId: string;
  ruleId: string;
  reason: string;
  grantedBy: { id: string; name: string };
  grantedAt: string;
  /** Absent on overrides granted before the responsible pharmacist was recorded. */
  responsiblePharmacist?: ResponsiblePharmacist;
  status: 'open' | 'used' | 'revoked';
  orderId?: string;
};

export const SUPPLY_OVERRIDES = 'supply_overrides';

export const overridesCollection = (store: DocumentStore): Collection<OverrideDoc> => store.collection<OverrideDoc>(SUPPLY_OVERRIDES);
