import type { EPrescriptionContent } from '@pharmacy/contracts';
import type { FastifyPluginAsyncTypebox } from '@pharmacy/service-kit';

/**
 * The EPrescriptionProvider port (docs/architecture.md#prescriptions): how the shop turns a token a shopper types
 * into what the prescriber wrote, like the PaymentProvider port for payments. The checkout service knows nothing
 * else about a provider; the sandbox one issues tokens from a clearly labelled demo prescriber page.
 */
export interface EPrescriptionProvider {
  readonly name: string;
  /**
   * What the prescriber wrote for `token`, or null when the provider knows no such token. Throws `unavailable` or
   * `timeout` (service-kit errors) when the provider cannot answer, so the shopper is told to try again, not "not found".
   */
  lookup(token: string): Promise<EPrescriptionContent | null>;
  /** The provider's own pages and calls (the sandbox prescriber), registered inside the checkout plugin. */
  readonly routes?: FastifyPluginAsyncTypebox;
}
