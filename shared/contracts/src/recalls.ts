// Schemas of recalls (docs/domain.md#recalls, docs/api.md#recalls): the pharmacist's calls under /api/admin/recalls
// and the shopper's notice under /api/shop/recalls. Checkout owns them: it knows which orders received a batch.
import { Type, type Static } from '@sinclair/typebox';
import { QuarantinedBatch } from './catalog';
import { Id, Ok, OneOf, StrictObject } from './envelope';
import { NOTICE_MAIL_STATES, RECALL_CLASSES, RECALL_STATES, RECALL_TEXT_MAX } from './recalls.rules';

const Text = (max: number, min = 0) => Type.String({ minLength: min, maxLength: max });
const RecallClassSchema = Type.Union(RECALL_CLASSES.map((c) => Type.Literal(c)));

export const RecallCreateBody = StrictObject({
  batchIds: Type.Array(Id, { minItems: 1, maxItems: 50, uniqueItems: true }),
  recallClass: RecallClassSchema,
  reason: Text(RECALL_TEXT_MAX, 3),
  /** What shoppers must do, in their words ("Stop taking it and return it to the pharmacy"). */
  action: Text(RECALL_TEXT_MAX, 3),
});
export type RecallCreateBody = Static<typeof RecallCreateBody>;

export const Recall = StrictObject({
  _id: Type.String(),
  recallClass: RecallClassSchema,
  reason: Type.String(),
  action: Type.String(),
  batchIds: Type.Array(Type.String()),
  /** What the catalog quarantined (empty until it answered). */
  batches: Type.Array(QuarantinedBatch),
  state: OneOf(RECALL_STATES),
  createdAt: Type.String(),
  createdBy: StrictObject({ id: Type.String(), name: Type.String() }),
  quarantinedAt: Type.Union([Type.String(), Type.Null()]),
  /** Affected orders and shoppers (known once quarantined). */
  orders: Type.Integer({ minimum: 0 }),
  shoppers: Type.Integer({ minimum: 0 }),
});
export type Recall = Static<typeof Recall>;

/** One order that received a recalled batch, with its shopper's notice. */
export const AffectedOrder = StrictObject({
  orderId: Type.String(),
  orderNumber: Type.String(),
  userId: Type.String(),
  /** The name on the order's address, as the order kept it: who to reach ('' for an order from before it was kept). */
  shopperName: Type.String(),
  batchId: Type.String(),
  lot: Type.String(),
  productId: Type.String(),
  quantity: Type.Integer({ minimum: 1 }),
  /** `paid`: the shopper received (or will receive) the units; `released`: an unpaid order cancelled by the recall. */
  outcome: OneOf(['paid', 'released'] as const),
  notice: StrictObject({
    id: Type.String(),
    mail: OneOf(NOTICE_MAIL_STATES),
    /** When it is mailed (classes 3 and 4: the next daily pass). */
    mailDueAt: Type.String(),
    sentAt: Type.Union([Type.String(), Type.Null()]),
    openedAt: Type.Union([Type.String(), Type.Null()]),
  }),
});
export type AffectedOrder = Static<typeof AffectedOrder>;

export const RecallDetail = StrictObject({ recall: Recall, affected: Type.Array(AffectedOrder) });
export type RecallDetail = Static<typeof RecallDetail>;

/** What a shopper reads: one recall as it touches their orders. */
export const RecallNotice = StrictObject({
  _id: Type.String(),
  recallClass: RecallClassSchema,
  reason: Type.String(),
  action: Type.String(),
  lines: Type.Array(
    StrictObject({
      orderId: Type.String(),
      orderNumber: Type.String(),
      productTitle: Type.String(),
      lot: Type.String(),
      expiresOn: Type.String(),
      quantity: Type.Integer({ minimum: 1 }),
      outcome: OneOf(['paid', 'released'] as const),
    }),
  ),
  issuedAt: Type.String(),
  openedAt: Type.Union([Type.String(), Type.Null()]),
});
export type RecallNotice = Static<typeof RecallNotice>;

export const RecallParams = StrictObject({ id: Id });
export const NoticeParams = StrictObject({ noticeId: Id });
export const RecallResponse = Ok(Recall);
export const RecallListResponse = Ok(Type.Array(Recall));
export const RecallDetailResponse = Ok(RecallDetail);
export const RecallNoticeResponse = Ok(RecallNotice);
export const RecallNoticeListResponse = Ok(Type.Array(RecallNotice));
