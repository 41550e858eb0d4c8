import {
  CATEGORY_IDS,
  hasAtMostTwoDecimals,
  normalizeList,
  DEFAULT_MAX_PER_ORDER,
  STOCK_MAX,
  type Product,
  type ProductInput,
  type ProductPatch,
} from '@pharmacy/contracts';

/** The form keeps what the admin typed; numbers and lists are parsed only when it is checked. */
export interface ProductFormValues {
  title: string;
  description: string;
  category: string;
  brand: string;
  price: string;
  salePrice: string;
  /** Only when adding: afterwards stock changes through adjustments, never through this form. */
  totalStock: string;
  image: string;
  /** Comma-separated. */
  activeIngredients: string;
  allergens: string;
  contraindications: string;
  dosageForm: string;
  packSize: string;
  /** Empty means the shop's default cap (DEFAULT_MAX_PER_ORDER). */
  maxPerOrder: string;
  /** Empty means no age limit. */
  minAge: string;
  requiresPrescription: boolean;
  /** A pharmacy medicine: checkout asks the consultation questions and a pharmacist reviews every order of it. */
  pharmacyOnly: boolean;
  /** A controlled drug or one kept cold: click and collect only (docs/domain.md#products). */
  controlled: boolean;
  refrigerated: boolean;
}

export type ProductFormErrors = Partial<Record<keyof ProductFormValues, string>>;

/** Limits of the catalog's ProductInput schema, so the form says what the server would refuse. */
export const PRODUCT_LIMITS = {
  titleMin: 2,
  titleMax: 150,
  descriptionMax: 4000,
  brandMax: 80,
  moneyMax: 100000,
  stockMax: STOCK_MAX,
  listMax: 30,
  listItemMax: 80,
  textMax: 60,
  maxPerOrderMax: 1000,
  minAgeMax: 120,
} as const;

export const MAX_PER_ORDER_HINT = `Leave empty for the default of ${DEFAULT_MAX_PER_ORDER}`;

export const DOSAGE_FORMS = ['Tablet', 'Capsule', 'Syrup', 'Liquid', 'Cream', 'Ointment', 'Gel', 'Drops', 'Spray', 'Powder', 'Patch', 'Lozenge'] as const;

export const emptyProductForm = (): ProductFormValues => ({
  title: '',
  description: '',
  category: '',
  brand: '',
  price: '',
  salePrice: '',
  totalStock: '',
  image: '',
  activeIngredients: '',
  allergens: '',
  contraindications: '',
  dosageForm: '',
  packSize: '',
  maxPerOrder: '',
  minAge: '',
  requiresPrescription: false,
  pharmacyOnly: false,
  controlled: false,
  refrigerated: false,
});

export const productToForm = (p: Product): ProductFormValues => ({
  title: p.title,
  description: p.description,
  category: p.category,
  brand: p.brand,
  price: String(p.price),
  salePrice: p.salePrice > 0 ? String(p.salePrice) : '',
  totalStock: String(p.totalStock),
  image: p.image,
  activeIngredients: p.activeIngredients.join(', '),
  allergens: p.allergens.join(', '),
  contraindications: p.contraindications.join(', '),
  dosageForm: p.dosageForm,
  packSize: p.packSize,
  maxPerOrder: p.maxPerOrder === null ? '' : String(p.maxPerOrder),
  minAge: p.minAge > 0 ? String(p.minAge) : '',
  requiresPrescription: p.requiresPrescription,
  pharmacyOnly: p.pharmacyOnly,
  controlled: p.controlled ?? false,
  refrigerated: p.refrigerated ?? false,
});

const DECIMAL = /^\d+(\.\d+)?$/;
const WHOLE = /^\d+$/;

const splitList = (text: string) => normalizeList(text.split(','));

function moneyProblem(raw: string, label: string, required: boolean): string | null {
  const v = raw.trim();
  if (!v) return required ? `${label} is required.` : null;
  if (!DECIMAL.test(v)) return `${label} must be a number like 4.99.`;
  const n = Number(v);
  if (!hasAtMostTwoDecimals(n)) return `${label} can have at most two decimal places.`;
  if (n > PRODUCT_LIMITS.moneyMax) return `${label} must be at most ${PRODUCT_LIMITS.moneyMax}.`;
  return null;
}

function wholeProblem(raw: string, label: string, min: number, max: number, required: boolean): string | null {
  const v = raw.trim();
  if (!v) return required ? `${label} is required.` : null;
  if (!WHOLE.test(v)) return `${label} must be a whole number${min === 0 ? ' of 0 or more' : ` from ${min}`}.`;
  const n = Number(v);
  if (n < min || n > max) return `${label} must be between ${min} and ${max}.`;
  return null;
}

function listFieldProblem(raw: string, label: string): string | null {
  const items = splitList(raw);
  if (items.length > PRODUCT_LIMITS.listMax) return `${label}: at most ${PRODUCT_LIMITS.listMax} entries.`;
  const long = items.find((i) => i.length > PRODUCT_LIMITS.listItemMax);
  if (long) return `${label}: each entry must be at most ${PRODUCT_LIMITS.listItemMax} characters.`;
  return null;
}

function textFieldProblem(raw: string, label: string, min: number, max: number): string | null {
  const v = raw.trim();
  if (!v) return min > 0 ? `${label} is required.` : null;
  if (v.length < min) return `${label} must be at least ${min} characters.`;
  if (v.length > max) return `${label} must be at most ${max} characters.`;
  return null;
}

/**
 * Every rule of the form, with a message per field; an empty object means the product can be saved. Stock is
 * checked only when adding a product (`withStock`).
 */
export function validateProductForm(v: ProductFormValues, withStock = true): ProductFormErrors {
  const errors: ProductFormErrors = {};
  const set = (key: keyof ProductFormValues, problem: string | null) => {
    if (problem) errors[key] = problem;
  };
  set('title', textFieldProblem(v.title, 'Title', PRODUCT_LIMITS.titleMin, PRODUCT_LIMITS.titleMax));
  set('description', textFieldProblem(v.description, 'Description', 1, PRODUCT_LIMITS.descriptionMax));
  set('category', (CATEGORY_IDS as string[]).includes(v.category) ? null : 'Choose a category.');
  set('brand', textFieldProblem(v.brand, 'Brand', 1, PRODUCT_LIMITS.brandMax));
  set('price', moneyProblem(v.price, 'Price', true) ?? (Number(v.price) > 0 ? null : 'Price must be more than 0.'));
  const saleProblem = moneyProblem(v.salePrice, 'Sale price', false);
  set(
    'salePrice',
    saleProblem ??
      (!errors.price && Number(v.salePrice || 0) > 0 && Number(v.salePrice) >= Number(v.price)
        ? 'Sale price must be lower than the price (leave it empty when not on sale).'
        : null),
  );
  if (withStock) set('totalStock', wholeProblem(v.totalStock, 'Stock', 0, PRODUCT_LIMITS.stockMax, true));
  set('image', v.image.trim() ? null : 'Upload a product image.');
  set('activeIngredients', listFieldProblem(v.activeIngredients, 'Active ingredients'));
  set('allergens', listFieldProblem(v.allergens, 'Allergens'));
  set('contraindications', listFieldProblem(v.contraindications, 'Contraindications'));
  set('dosageForm', textFieldProblem(v.dosageForm, 'Dosage form', 0, PRODUCT_LIMITS.textMax));
  set('packSize', textFieldProblem(v.packSize, 'Pack size', 0, PRODUCT_LIMITS.textMax));
  set('maxPerOrder', wholeProblem(v.maxPerOrder, 'Maximum per order', 1, PRODUCT_LIMITS.maxPerOrderMax, false));
  set('minAge', wholeProblem(v.minAge, 'Minimum age', 0, PRODUCT_LIMITS.minAgeMax, false));
  return errors;
}

/** The request body for add and edit; call only when validateProductForm found nothing. */
export function toProductInput(v: ProductFormValues): ProductInput {
  return {
    title: v.title.trim(),
    description: v.description.trim(),
    category: v.category as ProductInput['category'],
    brand: v.brand.trim(),
    price: Number(v.price.trim()),
    salePrice: v.salePrice.trim() ? Number(v.salePrice.trim()) : 0,
    totalStock: Number(v.totalStock.trim()),
    image: v.image.trim(),
    activeIngredients: splitList(v.activeIngredients),
    allergens: splitList(v.allergens),
    contraindications: splitList(v.contraindications),
    dosageForm: v.dosageForm.trim(),
    packSize: v.packSize.trim(),
    maxPerOrder: v.maxPerOrder.trim() ? Number(v.maxPerOrder.trim()) : null,
    minAge: v.minAge.trim() ? Number(v.minAge.trim()) : 0,
    requiresPrescription: v.requiresPrescription,
    pharmacyOnly: v.pharmacyOnly,
    controlled: v.controlled,
    refrigerated: v.refrigerated,
  };
}

/** The edit body: every field but stock, and the version the form was loaded with. */
export function toProductPatch(v: ProductFormValues, version: number): ProductPatch {
  const { totalStock: _notEditable, ...fields } = toProductInput(v);
  return { ...fields, version };
}
