import { ageOn, safetyBlockMessage, type ProductSafety, type SafetyBlock, type SafetyProfile } from '@pharmacy/contracts';
import type { CatalogProduct, ProductDoc } from '../products/model';
import { warningsFor } from './match';

/**
 * Why this shopper cannot buy the product at all, or null, as a product page says it. Prescription first (it holds
 * for everyone until a pharmacist verified their prescription, which checkout knows: the page asks it), then age.
 */
export function safetyBlock(product: Pick<ProductDoc, 'requiresPrescription' | 'minAge'>, profile: SafetyProfile | null, now: Date): SafetyBlock | null {
  if (product.requiresPrescription) return { code: 'PRESCRIPTION_REQUIRED', message: safetyBlockMessage('PRESCRIPTION_REQUIRED') };
  return ageBlock(product, profile, now);
}

/**
 * The age rule alone, which needs a profile: under minAge, or no readable date of birth to check it against. A quote
 * answers only this: whether a prescription medicine can be ordered is checkout's to decide, from the shopper's
 * prescriptions (docs/domain.md#ordering-against-a-prescription).
 */
export function ageBlock(product: Pick<ProductDoc, 'minAge'>, profile: SafetyProfile | null, now: Date): SafetyBlock | null {
  if (!profile || product.minAge <= 0) return null;
  const age = profile.DOB ? ageOn(profile.DOB, now) : null;
  if (age === null) return { code: 'NO_DOB', message: safetyBlockMessage('NO_DOB', product.minAge) };
  if (age < product.minAge) return { code: 'UNDER_AGE', message: safetyBlockMessage('UNDER_AGE', product.minAge) };
  return null;
}

/** The one safety answer for a product and a shopper (null for a visitor): warnings from the table, and any block. */
export function productSafety(product: CatalogProduct, profile: SafetyProfile | null, now: Date): ProductSafety {
  return {
    productId: product._id,
    warnings: profile ? warningsFor(product, profile) : [],
    blocked: safetyBlock(product, profile, now),
  };
}
