import { Type, type Static } from '@sinclair/typebox';
import { PRESCRIPTION_LIMITS, StrictObject, dobProblem, type EPrescriptionContent, type QuoteItem } from '@pharmacy/contracts';

/**
 * The demo prescriber's form (docs/api.md#electronic-prescriptions-sandbox): a plain form POST, so it works without
 * JavaScript. Item rows are fixed in number (a page without script cannot add one); an empty row is no item.
 */
export const PRESCRIBER_ROWS = 4;
export const PRESCRIBER_LIMITS = { patient: 120, registration: 40, quantity: 10_000 } as const;

/** Every field as the browser sends it: strings, each name once except the rows' (in row order). */
const one = (max: number) => Type.Optional(Type.Array(Type.String({ maxLength: max }), { maxItems: 1 }));
const rows = (max: number, pattern?: string) =>
  Type.Optional(Type.Array(Type.String({ maxLength: max, ...(pattern ? { pattern } : {}) }), { maxItems: PRESCRIPTION_LIMITS.items }));
// Generous caps: they stop abuse only; the words a prescriber reads for a value too long come from `readForm`.
export const PrescriberFormBody = StrictObject({
  patientName: one(PRESCRIBER_LIMITS.patient * 2),
  dateOfBirth: one(20),
  prescriberName: one(PRESCRIPTION_LIMITS.prescriber * 2),
  registration: one(PRESCRIBER_LIMITS.registration * 2),
  writtenOn: one(20),
  // A product id as the catalogue writes them, or empty (no medicine chosen).
  productId: rows(64, '^[A-Za-z0-9_-]*$'),
  quantity: rows(20),
  directions: rows(PRESCRIPTION_LIMITS.directions * 2),
  repeats: rows(20),
});
export type PrescriberFormBody = Static<typeof PrescriberFormBody>;

export interface PrescriberRow {
  productId: string;
  quantity: string;
  directions: string;
  repeats: string;
}
/** What the prescriber typed, kept as typed so a refused form comes back with nothing lost. */
export interface PrescriberValues {
  patientName: string;
  dateOfBirth: string;
  prescriberName: string;
  registration: string;
  writtenOn: string;
  rows: PrescriberRow[];
}
/** A problem per field: `patientName`…, or `rows.<i>.<field>` for an item row; `items` for the list as a whole. */
export type PrescriberErrors = Record<string, string>;

const first = (values: string[] | undefined) => (values?.[0] ?? '').trim();

export function valuesOf(body: PrescriberFormBody): PrescriberValues {
  const count = Math.max(body.productId?.length ?? 0, body.quantity?.length ?? 0, body.directions?.length ?? 0, body.repeats?.length ?? 0);
  return {
    patientName: first(body.patientName),
    dateOfBirth: first(body.dateOfBirth),
    prescriberName: first(body.prescriberName),
    registration: first(body.registration),
    writtenOn: first(body.writtenOn),
    rows: Array.from({ length: count }, (_, i) => ({
      productId: (body.productId?.[i] ?? '').trim(),
      quantity: (body.quantity?.[i] ?? '').trim(),
      directions: (body.directions?.[i] ?? '').trim(),
      repeats: (body.repeats?.[i] ?? '').trim(),
    })),
  };
}

/** A row the prescriber left alone: no medicine chosen and nothing typed (the repeats select always says 0). */
const isBlank = (row: PrescriberRow) => !row.productId && !row.quantity && !row.directions && (row.repeats === '' || row.repeats === '0');

/** The ids of the medicines chosen, to look up before `readForm` judges them. */
export const chosenProducts = (values: PrescriberValues): string[] => [...new Set(values.rows.map((r) => r.productId).filter(Boolean))];

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isCalendarDay = (v: string) => DAY.test(v) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v;
const wholeNumber = (v: string, min: number, max: number): number | null => {
  if (!/^\d{1,6}$/.test(v)) return null;
  const n = Number(v);
  return n >= min && n <= max ? n : null;
};

function writtenOnProblem(v: string, today: string): string | null {
  if (!v) return 'Enter the date the prescription was written.';
  if (!isCalendarDay(v)) return 'Enter a real calendar date as YYYY-MM-DD.';
  if (v > today) return 'A prescription cannot be dated in the future.';
  if (v < '2000-01-01') return 'Enter a date after 2000.';
  return null;
}

/**
 * Judges the form: the content to issue, or every problem at once in words the prescriber can act on. `products`
 * are the catalogue's quote of the chosen medicines now (an id it does not know is NOT_FOUND there).
 */
export function readForm(
  values: PrescriberValues,
  ctx: { today: string; products: QuoteItem[] },
): { content: Omit<EPrescriptionContent, 'token' | 'provider'>; errors?: undefined } | { errors: PrescriberErrors; content?: undefined } {
  const errors: PrescriberErrors = {};
  const { patientName, dateOfBirth, prescriberName, registration, writtenOn } = values;
  if (!patientName) errors.patientName = "Enter the patient's name.";
  else if (patientName.length > PRESCRIBER_LIMITS.patient) errors.patientName = `The patient's name can be at most ${PRESCRIBER_LIMITS.patient} characters.`;
  const dob = dobProblem(dateOfBirth, new Date(`${ctx.today}T12:00:00Z`));
  if (dob) errors.dateOfBirth = dob;
  if (!prescriberName) errors.prescriberName = "Enter the prescriber's name.";
  else if (prescriberName.length > PRESCRIPTION_LIMITS.prescriber) errors.prescriberName = `The prescriber's name can be at most ${PRESCRIPTION_LIMITS.prescriber} characters.`;
  if (!registration) errors.registration = "Enter the prescriber's registration number (GMC, NMC or GPhC).";
  else if (!/^[A-Za-z0-9 -]{1,40}$/.test(registration)) errors.registration = 'A registration number is letters and digits only, at most 40.';
  const written = writtenOnProblem(writtenOn, ctx.today);
  if (written) errors.writtenOn = written;

  const byId = new Map(ctx.products.filter((p) => p.reasonCode !== 'NOT_FOUND').map((p) => [p.productId, p]));
  const seen = new Set<string>();
  const items: EPrescriptionContent['items'] = [];
  values.rows.forEach((row, i) => {
    if (isBlank(row)) return;
    const at = (field: keyof PrescriberRow, message: string) => (errors[`rows.${i}.${field}`] = message);
    const product = row.productId ? byId.get(row.productId) : undefined;
    if (!row.productId) at('productId', 'Choose the medicine for this item, or clear the item.');
    else if (!product) at('productId', 'This medicine is no longer in the catalogue. Choose another.');
    else if (!product.requiresPrescription) at('productId', `${product.title} is not a prescription-only medicine, so it needs no prescription.`);
    else if (seen.has(product.productId)) at('productId', `${product.title} is already on this prescription: write its whole quantity on one item.`);
    const quantity = wholeNumber(row.quantity, 1, PRESCRIBER_LIMITS.quantity);
    if (quantity === null) at('quantity', `Enter a quantity from 1 to ${PRESCRIBER_LIMITS.quantity.toLocaleString('en-GB')}.`);
    if (!row.directions) at('directions', 'Enter the directions the patient will read (e.g. "Take one tablet twice a day").');
    else if (row.directions.length > PRESCRIPTION_LIMITS.directions) at('directions', `Directions can be at most ${PRESCRIPTION_LIMITS.directions} characters.`);
    const repeats = wholeNumber(row.repeats || '0', 0, PRESCRIPTION_LIMITS.repeats);
    if (repeats === null) at('repeats', `Repeats are from 0 to ${PRESCRIPTION_LIMITS.repeats}.`);
    if (product?.requiresPrescription && !seen.has(product.productId) && quantity !== null && repeats !== null && row.directions) {
      items.push({ productId: product.productId, title: product.title, quantity, directions: row.directions, repeatsAllowed: repeats });
    }
    if (product) seen.add(product.productId);
  });
  if (!values.rows.some((row) => !isBlank(row))) errors.items = 'Add at least one medicine to the prescription.';

  if (Object.keys(errors).length > 0) return { errors };
  return {
    content: {
      prescriber: { name: prescriberName, registration },
      writtenOn,
      patient: dateOfBirth ? { name: patientName, dateOfBirth } : { name: patientName },
      items,
    },
  };
}
