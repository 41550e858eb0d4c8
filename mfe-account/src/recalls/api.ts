import { CheckoutRoutes, pathTo, type RecallNotice } from '@pharmacy/contracts';
import { apiData } from '@pharmacy/session';

const { recalls } = CheckoutRoutes;

/** The shopper's recall notices (docs/api.md#recalls): their own only; reading one records its first opening. */
export const recallsApi = {
  list: (signal?: AbortSignal) => apiData.get<RecallNotice[]>(pathTo(recalls.list), { signal }),
  open: (noticeId: string, signal?: AbortSignal) => apiData.get<RecallNotice>(pathTo(recalls.get, { noticeId }), { signal }),
};
