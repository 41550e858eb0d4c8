import {
  PRESCRIPTION_LIMITS,
  prescriptionExpiresOn,
  prescriptionUsableOn,
  type EPrescriptionContent,
  type StaffPrescription,
  type VerifyPrescriptionBody,
} from '@pharmacy/contracts';
import { calendarDateOrDash } from '../format';

/** The form keeps what the pharmacist typed; numbers are parsed only when it is checked. */
export interface ItemValues {
  /** Stable for React while rows are added and removed. */
  key: string;
  productId: string;
  /** Shown when the product is not (or not yet) among the prescription-only products loaded. */
  title: string;
  quantity: string;
  directions: string;
  repeatsAllowed: string;
}

export interface VerifyValues {
  items: ItemValues[];
  prescriberName: string;
  registration: string;
  writtenOn: string;
  note: string;
}

export interface VerifyErrors {
  items: Array<Partial<Record<'productId' | 'quantity' | 'directions' | 'repeatsAllowed', string>>>;
  prescriberName?: string;
  registration?: string;
  writtenOn?: string;
  note?: string;
}

export const QUANTITY_MAX = 10000;
const REGISTRATION_MAX = 40;
const WHOLE = /^\d+$/;

let nextKey = 0;
const key = () => `item-${(nextKey += 1)}`;

export const emptyItem = (productId = '', title = ''): ItemValues => ({ key: key(), productId, title, quantity: '', directions: '', repeatsAllowed: '0' });

/** What the prescriber wrote, as rows of the form: the pharmacist checks them before approving. */
export const itemsFromEPrescription = (content: EPrescriptionContent): ItemValues[] =>
  content.items.map((item) => ({
    key: key(),
    productId: item.productId,
    title: item.title,
    quantity: String(item.quantity),
    directions: item.directions,
    repeatsAllowed: String(Math.min(item.repeatsAllowed, PRESCRIPTION_LIMITS.repeats)),
  }));

/** The form with an electronic prescription's items, prescriber and date copied in (the note stays as typed). */
export const withEPrescription = (v: VerifyValues, content: EPrescriptionContent): VerifyValues => ({
  ...v,
  items: itemsFromEPrescription(content),
  prescriberName: content.prescriber.name,
  registration: content.prescriber.registration ?? '',
  writtenOn: content.writtenOn,
});

/**
 * Where the form starts: the items already on it (a repeat request carries its prescription's), else one row for the
 * product it was added from. An electronic prescription's own items are copied in by the pharmacist, on purpose.
 */
export function initialValues(p: StaffPrescription): VerifyValues {
  const items = p.items.length
    ? p.items.map((i) => ({ key: key(), productId: i.productId, title: i.title, quantity: String(i.quantity), directions: i.directions, repeatsAllowed: String(i.repeatsAllowed) }))
    : [emptyItem(p.forProduct?.productId, p.forProduct?.title)];
  return { items, prescriberName: p.prescriber?.name ?? '', registration: p.prescriber?.registration ?? '', writtenOn: p.writtenOn ?? '', note: '' };
}

/** The pharmacy's date today (YYYY-MM-DD): the desk's own calendar day. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** "Expires on 14 Jul 2026", as the date written is typed (nothing until it is a whole date). */
export function expiryLine(writtenOn: string): string | null {
  return DAY.test(writtenOn) ? `Expires on ${calendarDateOrDash(prescriptionExpiresOn(writtenOn))}` : null;
}

function writtenOnProblem(writtenOn: string, today: string): string | undefined {
  if (!writtenOn) return 'Give the date the prescription was written.';
  if (!DAY.test(writtenOn)) return 'Give the date as day, month and year.';
  if (writtenOn > today) return 'The date written cannot be in the future.';
  if (!prescriptionUsableOn(writtenOn, today))
    return `This prescription expired on ${calendarDateOrDash(prescriptionExpiresOn(writtenOn))} (6 months after it was written): it can no longer be dispensed. Reject it and tell the shopper to ask their prescriber for a new one.`;
  return undefined;
}

function wholeProblem(raw: string, label: string, min: number, max: number): string | undefined {
  const v = raw.trim();
  if (!v) return `Give the ${label.toLowerCase()}.`;
  if (!WHOLE.test(v) || Number(v) < min || Number(v) > max) return `${label} must be a whole number from ${min} to ${max}.`;
  return undefined;
}

function textProblem(raw: string, label: string, min: number, max: number): string | undefined {
  const v = raw.trim();
  if (v.length < min) return `Give the ${label}.`;
  if (v.length > max) return `The ${label} can be at most ${max} characters.`;
  return undefined;
}

/** Every rule of VerifyPrescriptionBody, with a message per field, and the date checked against today. */
export function validateVerify(v: VerifyValues, today: string): VerifyErrors {
  const errors: VerifyErrors = {
    items: v.items.map((item, index) => {
      const e: VerifyErrors['items'][number] = {};
      const first = v.items.findIndex((other) => other.productId === item.productId);
      if (!item.productId) e.productId = 'Choose the medicine.';
      else if (first < index) e.productId = `This medicine is already item ${first + 1}: put the whole quantity on one item.`;
      const quantity = wholeProblem(item.quantity, 'Quantity', 1, QUANTITY_MAX);
      if (quantity) e.quantity = quantity;
      const directions = textProblem(item.directions, 'directions', 1, PRESCRIPTION_LIMITS.directions);
      if (directions) e.directions = directions;
      const repeats = wholeProblem(item.repeatsAllowed, 'Repeats allowed', 0, PRESCRIPTION_LIMITS.repeats);
      if (repeats) e.repeatsAllowed = repeats;
      return e;
    }),
  };
  const set = (field: Exclude<keyof VerifyErrors, 'items'>, problem: string | undefined) => {
    if (problem) errors[field] = problem;
  };
  set('prescriberName', textProblem(v.prescriberName, "prescriber's name", 1, PRESCRIPTION_LIMITS.prescriber));
  set('registration', v.registration.trim().length > REGISTRATION_MAX ? `The registration number can be at most ${REGISTRATION_MAX} characters.` : undefined);
  set('writtenOn', writtenOnProblem(v.writtenOn, today));
  set('note', v.note.trim().length > PRESCRIPTION_LIMITS.note ? `The note can be at most ${PRESCRIPTION_LIMITS.note} characters.` : undefined);
  return errors;
}

export const errorCount = (e: VerifyErrors): number =>
  e.items.reduce((n, item) => n + Object.keys(item).length, 0) + Object.keys(e).filter((k) => k !== 'items').length;

/** The request body; call only when validateVerify found nothing. */
export function toVerifyBody(v: VerifyValues, warningsAcknowledged: boolean): VerifyPrescriptionBody {
  const registration = v.registration.trim();
  const note = v.note.trim();
  return {
    items: v.items.map((i) => ({
      productId: i.productId,
      quantity: Number(i.quantity.trim()),
      directions: i.directions.trim(),
      repeatsAllowed: Number(i.repeatsAllowed.trim()),
    })),
    prescriber: registration ? { name: v.prescriberName.trim(), registration } : { name: v.prescriberName.trim() },
    writtenOn: v.writtenOn,
    ...(note ? { note } : {}),
    warningsAcknowledged,
  };
}
