// The market the shop sells in (docs/domain.md#market), as one schema: the services answer it at GET
// /api/common/market and every page takes its market facts from it. Definitions: gb.ts, ie.ts (markets.ts).
import { Type, type Static } from '@sinclair/typebox';
import { Ok, OneOf, StrictObject } from '../envelope';
import { MARKET_CODES } from './codes';

export const MarketCodeSchema = OneOf(MARKET_CODES);

/** One of the shop's pharmacies where an order can be collected. */
export const Pharmacy = StrictObject({
  id: Type.String(),
  name: Type.String(),
  /** One line: street, town and postcode. */
  address: Type.String(),
  /** One line per group of days, e.g. "Mon-Fri 8:00-19:00". */
  openingHours: Type.Array(Type.String()),
});
export type Pharmacy = Static<typeof Pharmacy>;

/** How the address form asks for one field. */
export const AddressFieldSpec = StrictObject({
  label: Type.String(),
  required: Type.Boolean(),
  /** The browser's autofill token (autocomplete attribute). */
  autoComplete: Type.String(),
  /** The accepted values, when the field is a choice (Ireland's counties). */
  options: Type.Optional(Type.Array(Type.String())),
});
export type AddressFieldSpec = Static<typeof AddressFieldSpec>;

/** What a postcode (Eircode, ZIP…) looks like in this market. */
export const PostalCodeRule = StrictObject({
  /** Matched against the normalised code (capitals, one space before the inward part); valid in the u and v modes. */
  pattern: Type.String(),
  example: Type.String(),
  hint: Type.String(),
  /** Characters after the space in the written form ("SW1A 1AA": 3, "D02 X285": 4). */
  inwardLength: Type.Integer({ minimum: 1 }),
});
export type PostalCodeRule = Static<typeof PostalCodeRule>;

export const AddressFormat = StrictObject({
  line1: AddressFieldSpec,
  line2: AddressFieldSpec,
  city: AddressFieldSpec,
  region: AddressFieldSpec,
  postalCode: AddressFieldSpec,
  postalCodeRule: PostalCodeRule,
});
export type AddressFormat = Static<typeof AddressFormat>;

/**
 * The market's phone numbers: the written forms people use (+<calling code>, 00<calling code>, or the trunk 0) and
 * the national number ranges accepted, each by its leading digits and lengths (the digits after the 0).
 */
export const PhoneRule = StrictObject({
  callingCode: Type.String(),
  ranges: Type.Array(StrictObject({ prefix: Type.String(), lengths: Type.Array(Type.Integer({ minimum: 1 })) })),
  example: Type.String(),
  hint: Type.String(),
});
export type PhoneRule = Static<typeof PhoneRule>;

/** Where the shop delivers: the market's country, less the postcode areas it cannot send to. */
export const DeliveryArea = StrictObject({
  /** In words: "England, Scotland and Wales". */
  description: Type.String(),
  /** Postcode areas (the letters before the first digit) outside it, with the place each one covers. */
  excluded: Type.Array(StrictObject({ postcodeArea: Type.String(), place: Type.String() })),
});
export type DeliveryArea = Static<typeof DeliveryArea>;

/** Fees and threshold in cents of the market's currency. */
export const MarketDelivery = StrictObject({
  standardFeeCents: Type.Integer({ minimum: 0 }),
  expressFeeCents: Type.Integer({ minimum: 0 }),
  /** Standard delivery is free from this subtotal on (orderable lines only). */
  freeDeliveryOverCents: Type.Integer({ minimum: 0 }),
  area: DeliveryArea,
});
export type MarketDelivery = Static<typeof MarketDelivery>;

const Registrant = StrictObject({ name: Type.String(), registrationNumber: Type.String() });

/** What the law asks an online pharmacy to show about itself, and how a shopper checks it (docs/domain.md#market). */
export const Regulation = StrictObject({
  regulator: StrictObject({ name: Type.String(), abbreviation: Type.String() }),
  /** Who owns the pharmacy business. */
  owner: Type.String(),
  /** The registered pharmacy the orders are supplied from, and its phone. */
  premises: StrictObject({ name: Type.String(), address: Type.String(), registrationNumber: Type.String(), phone: Type.String() }),
  superintendent: Registrant,
  /** Where the market also names the pharmacist in charge of the premises (Ireland's supervising pharmacist). */
  supervising: Type.Optional(Registrant),
  /** The regulator's public register, where both registrations can be checked. */
  verify: StrictObject({ href: Type.String(), label: Type.String() }),
  /** The EU common logo for online sellers, linking to the regulator's list; null where the law does not ask for one. */
  distanceSellingLogo: Type.Union([StrictObject({ href: Type.String(), label: Type.String() }), Type.Null()]),
});
export type Regulation = Static<typeof Regulation>;

export const Market = StrictObject({
  code: MarketCodeSchema,
  country: StrictObject({ code: Type.String(), name: Type.String() }),
  /** The currency prices are charged in (ISO 4217). */
  currency: Type.String(),
  /** The pharmacy's time zone (IANA): its calendar day decides when a batch has expired (docs/domain.md#batches). */
  timeZone: Type.String(),
  /** The tax prices include, by its name in the market ("VAT") and rate. */
  tax: StrictObject({ name: Type.String(), ratePercent: Type.Integer({ minimum: 0, maximum: 100 }) }),
  address: AddressFormat,
  phone: PhoneRule,
  delivery: MarketDelivery,
  pharmacies: Type.Array(Pharmacy),
  regulation: Regulation,
  /** Whom to call: the emergency number, and urgent advice that is not an emergency, in a sentence. */
  health: StrictObject({ emergencyNumber: Type.String(), urgentHelp: Type.String() }),
  /** The registration details, names and pharmacy addresses are examples: every page that shows them says so. */
  demo: Type.Boolean(),
});
export type Market = Static<typeof Market>;
export const MarketResponse = Ok(Market);
