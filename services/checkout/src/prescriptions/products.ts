import type { SafetyProfile } from '@pharmacy/contracts';
import { notFound, unprocessable } from '@pharmacy/service-kit';
import type { CatalogClient, QuoteLine } from '../clients/catalog';

/**
 * The catalog's word on the products a prescription names, in the order asked (with the shopper's profile, each
 * line carries its safety warnings): 404 for one that does not exist, 422 for one sold without a prescription.
 */
export async function prescriptionProducts(catalog: Pick<CatalogClient, 'quote'>, productIds: string[], profile?: SafetyProfile): Promise<QuoteLine[]> {
  const { items } = await catalog.quote(productIds.map((productId) => ({ productId, quantity: 1 })), profile);
  for (const line of items) {
    if (line.reasonCode === 'NOT_FOUND') throw notFound('That product does not exist in the catalogue.');
    if (!line.requiresPrescription) throw unprocessable(`${line.title} is sold without a prescription, so it cannot be put on one.`);
  }
  return items;
}
