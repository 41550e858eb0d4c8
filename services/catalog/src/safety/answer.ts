import { ageOn, safetyBlockMessage, type ProductSafety, type SafetyBlock, type SafetyProfile } from '@pharmacy/contracts';
import type { CatalogProduct, ProductDoc } from '../products/model';
import { warningsFor } from './match';

/**
 * Why this shopper cannot buy the product at all, or null. Prescription first (it holds for everyone, visitors
 * included); the age rule needs a profile: under minAge, or no readable date of birth to check it against.
 */
export function safetyBlock(product: Pick<ProductDoc, 'requiresPrescription' | 'minAge'>, profile: SafetyProfile | null, now: Date): SafetyBlock | null {
  if (product.requiresPrescription) return { code: 'PRESCRIPTION_REQUIRED', message: safetyBlockMessage('PRESCRIPTION_REQUIRED') };
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
