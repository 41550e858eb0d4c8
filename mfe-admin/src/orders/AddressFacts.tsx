import type { OrderAddress } from '@pharmacy/contracts';
import { useMarket } from '@pharmacy/session';
import { textOrDash } from '../format';
import { Fact } from './parts';

/** An order's address, each part under the market's own label (Postcode, Eircode…); empty optional parts left out. */
export function AddressFacts({ address: a }: { address: OrderAddress }) {
  const { address: format, country } = useMarket();
  return (
    <>
      <Fact label="Name" value={textOrDash(a.fullName)} />
      <Fact label={format.line1.label} value={textOrDash(a.line1)} />
      {a.line2 && <Fact label={format.line2.label} value={a.line2} />}
      <Fact label={format.city.label} value={textOrDash(a.city)} />
      {a.region && <Fact label={format.region.label} value={a.region} />}
      <Fact label={format.postalCode.label} value={textOrDash(a.postalCode)} />
      {a.country && a.country !== country.code && <Fact label="Country" value={a.country} />}
      <Fact label="Phone" value={textOrDash(a.phone)} />
      <Fact label="Notes" value={textOrDash(a.notes)} />
    </>
  );
}
