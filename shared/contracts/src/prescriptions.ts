// Schemas of prescriptions: the shopper's calls under /api/shop/prescriptions and the pharmacist's under
// /api/admin/prescriptions (docs/api.md#prescriptions, docs/domain.md#prescriptions). Checkout owns them, because
// a prescription's quantity is spent and returned by the same orders that carry it.
import { Type, type Static } from '@sinclair/typebox';
import { Id, Ok, OkList, OneOf, PageFigures, StrictObject } from './envelope';
import { EPRESCRIPTION_TOKEN_PATTERN, PRESCRIPTION_FILE_TYPES, PRESCRIPTION_LIMITS, PRESCRIPTION_SOURCES, PRESCRIPTION_STANDINGS, PRESCRIPTION_STATUSES } from './prescriptions.rules';
import { ResponsiblePharmacist } from './pharmacist';

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
const Text = (max: number, min = 0) => Type.String({ minLength: min, maxLength: max });

export const PrescriptionSourceSchema = OneOf(PRESCRIPTION_SOURCES);
export const PrescriptionStatusSchema = OneOf(PRESCRIPTION_STATUSES);
export const PrescriptionStandingSchema = OneOf(PRESCRIPTION_STANDINGS);
export const EPrescriptionToken = Type.String({ pattern: EPRESCRIPTION_TOKEN_PATTERN, maxLength: 20 });

/** A refill reminder a shopper opted into for one item: mailed on `nextOn`, with a link to a prefilled cart. */
export const RefillReminder = StrictObject({
  enabled: Type.Boolean(),
  /** Days between reminders: chosen by the shopper, or worked out from the quantity and the directions. */
  intervalDays: Type.Integer({ minimum: PRESCRIPTION_LIMITS.reminderMinDays, maximum: PRESCRIPTION_LIMITS.reminderMaxDays }),
  nextOn: Day,
});
export type RefillReminder = Static<typeof RefillReminder>;

/** One medicine on a verified prescription, as the pharmacist recorded it. */
export const PrescriptionItem = StrictObject({
  id: Id,
  productId: Id,
  title: Type.String(),
  /** Units (tablets, capsules, packs as the product is sold) the prescription allows per issue. */
  quantity: Type.Integer({ minimum: 1 }),
  /** What is left to dispense of this issue: falls when an order is paid, returns when it is refused or refunded. */
  quantityLeft: Type.Integer({ minimum: 0 }),
  directions: Type.String(),
  repeatsAllowed: Type.Integer({ minimum: 0, maximum: PRESCRIPTION_LIMITS.repeats }),
  repeatsUsed: Type.Integer({ minimum: 0 }),
  reminder: Type.Optional(RefillReminder),
});
export type PrescriptionItem = Static<typeof PrescriptionItem>;

export const Prescriber = StrictObject({ name: Text(PRESCRIPTION_LIMITS.prescriber, 1), registration: Type.Optional(Text(40)) });
export type Prescriber = Static<typeof Prescriber>;

/** Who took the decision, by name and role, and who was responsible pharmacist at that moment. */
export const PrescriptionDecision = StrictObject({
  by: StrictObject({ id: Type.String(), name: Type.String(), role: Type.String(), registrationNumber: Type.Optional(Type.String()) }),
  at: Type.String(),
  responsiblePharmacist: ResponsiblePharmacist,
  /** The safety warnings the pharmacist acknowledged (messages), when the shopper's profile raised any. */
  acknowledgedWarnings: Type.Array(Type.String()),
});
export type PrescriptionDecision = Static<typeof PrescriptionDecision>;

/** A prescription as its owner sees it (My prescriptions). */
export const ShopperPrescription = StrictObject({
  _id: Type.String(),
  source: PrescriptionSourceSchema,
  status: PrescriptionStatusSchema,
  standing: PrescriptionStandingSchema,
  createdAt: Type.String(),
  /** The product page or cart line it was added from, if any. */
  forProduct: Type.Optional(StrictObject({ productId: Type.String(), title: Type.String() })),
  /** A paper prescription's file can be read back by its owner at /api/shop/prescriptions/{id}/file. */
  hasFile: Type.Boolean(),
  token: Type.Optional(Type.String()),
  /** A repeat request: the prescription it repeats. */
  repeatOf: Type.Optional(Type.String()),
  items: Type.Array(PrescriptionItem),
  prescriber: Type.Optional(Prescriber),
  writtenOn: Type.Optional(Day),
  /** The first day it can no longer be used (6 months after writtenOn). */
  expiresOn: Type.Optional(Day),
  /** The pharmacist's note on approval, or the reason on rejection. */
  pharmacistNote: Type.Optional(Type.String()),
  /** Why it cannot be used now, in words, when its standing is not verified. */
  refusal: Type.Optional(Type.String()),
});
export type ShopperPrescription = Static<typeof ShopperPrescription>;
export const ShopperPrescriptionResponse = Ok(ShopperPrescription);
export const ShopperPrescriptionsResponse = OkList(ShopperPrescription);

/** POST /api/shop/prescriptions as JSON: an electronic prescription's token (a paper one is multipart, file in `file`). */
export const PrescriptionTokenBody = StrictObject({ token: EPrescriptionToken, productId: Type.Optional(Id), note: Type.Optional(Text(PRESCRIPTION_LIMITS.note)) });
export type PrescriptionTokenBody = Static<typeof PrescriptionTokenBody>;
export const PrescriptionParams = StrictObject({ id: Id });
export const PrescriptionItemParams = StrictObject({ id: Id, itemId: Id });
/** PUT /api/shop/prescriptions/{id}/items/{itemId}/reminder: opt in (interval optional: worked out when left out) or out. */
export const ReminderBody = StrictObject({
  enabled: Type.Boolean(),
  intervalDays: Type.Optional(Type.Integer({ minimum: PRESCRIPTION_LIMITS.reminderMinDays, maximum: PRESCRIPTION_LIMITS.reminderMaxDays })),
});
export type ReminderBody = Static<typeof ReminderBody>;

// ---------------------------------------------------------------------------------------------------------------
// The pharmacist's side

/** A row of "Prescriptions to check" (oldest first): no health data and no file in a list. */
export const StaffPrescriptionRow = StrictObject({
  _id: Type.String(),
  userId: Type.String(),
  shopperName: Type.String(),
  source: PrescriptionSourceSchema,
  status: PrescriptionStatusSchema,
  standing: PrescriptionStandingSchema,
  createdAt: Type.String(),
  forProduct: Type.Optional(StrictObject({ productId: Type.String(), title: Type.String() })),
  repeatOf: Type.Optional(Type.String()),
  /** A decided one: who decided (their name, never an id) and when, and for a verified one its expiry. */
  decidedByName: Type.Optional(Type.String()),
  decidedAt: Type.Optional(Type.String()),
  expiresOn: Type.Optional(Day),
});
export type StaffPrescriptionRow = Static<typeof StaffPrescriptionRow>;
export const StaffPrescriptionsQuery = StrictObject({
  status: Type.Optional(PrescriptionStatusSchema),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export type StaffPrescriptionsQuery = Static<typeof StaffPrescriptionsQuery>;
export const StaffPrescriptionsResponse = OkList(StaffPrescriptionRow, PageFigures);

/** An electronic prescription's content as the provider returned it: what the prescriber wrote. */
export const EPrescriptionContent = StrictObject({
  token: Type.String(),
  provider: Type.String(),
  prescriber: Prescriber,
  writtenOn: Day,
  patient: StrictObject({ name: Type.String(), dateOfBirth: Type.Optional(Day) }),
  items: Type.Array(StrictObject({ productId: Type.String(), title: Type.String(), quantity: Type.Integer({ minimum: 1 }), directions: Type.String(), repeatsAllowed: Type.Integer({ minimum: 0 }) })),
});
export type EPrescriptionContent = Static<typeof EPrescriptionContent>;

/**
 * One prescription for the checking pharmacist: the shopper's health profile beside it (read audited), their
 * earlier prescriptions and orders of prescription medicines, and the safety warnings the profile raises.
 */
export const StaffPrescription = StrictObject({
  ...ShopperPrescription.properties,
  userId: Type.String(),
  shopper: StrictObject({ name: Type.String(), email: Type.String() }),
  eprescription: Type.Optional(EPrescriptionContent),
  /** A paper prescription's file type (by its bytes), so the check screen shows an image or a PDF viewer. */
  fileType: Type.Optional(OneOf(PRESCRIPTION_FILE_TYPES)),
  health: StrictObject({
    DOB: Type.Union([Type.String(), Type.Null()]),
    allergies: Type.Array(Type.String()),
    healthConditions: Type.Array(Type.String()),
  }),
  history: Type.Array(StrictObject({ kind: OneOf(['prescription', 'order']), id: Type.String(), at: Type.String(), summary: Type.String() })),
  /** Warnings the profile raises for the products on it (or, before verification, the product it was added for). */
  warnings: Type.Array(StrictObject({ productId: Type.String(), message: Type.String() })),
  decision: Type.Optional(PrescriptionDecision),
});
export type StaffPrescription = Static<typeof StaffPrescription>;
export const StaffPrescriptionResponse = Ok(StaffPrescription);

export const VerifyPrescriptionBody = StrictObject({
  items: Type.Array(
    StrictObject({
      productId: Id,
      quantity: Type.Integer({ minimum: 1, maximum: 10000 }),
      directions: Text(PRESCRIPTION_LIMITS.directions, 1),
      repeatsAllowed: Type.Integer({ minimum: 0, maximum: PRESCRIPTION_LIMITS.repeats }),
    }),
    { minItems: 1, maxItems: PRESCRIPTION_LIMITS.items },
  ),
  prescriber: Prescriber,
  writtenOn: Day,
  note: Type.Optional(Text(PRESCRIPTION_LIMITS.note)),
  /** Required true when the detail listed warnings: the pharmacist has read them. */
  warningsAcknowledged: Type.Boolean(),
});
export type VerifyPrescriptionBody = Static<typeof VerifyPrescriptionBody>;
export const RejectPrescriptionBody = StrictObject({ reason: Text(PRESCRIPTION_LIMITS.reason, 3) });
export type RejectPrescriptionBody = Static<typeof RejectPrescriptionBody>;

/** What a cart line or order item dispenses, when it is a prescription medicine. */
export const DispensedFrom = StrictObject({
  prescriptionId: Type.String(),
  itemId: Type.String(),
  directions: Type.String(),
  /** Left on the prescription item before this line (cart) — the most the line may hold. */
  quantityLeft: Type.Optional(Type.Integer({ minimum: 0 })),
  expiresOn: Type.Optional(Day),
});
export type DispensedFrom = Static<typeof DispensedFrom>;
