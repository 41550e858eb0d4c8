import { useMarket } from '@pharmacy/session';
import { Link } from 'react-router-dom';
import { DeliveryArt } from './art';
import { Columns, ContentPage, Section, TitledSection } from './content';
import { DeliveryFacts, FreeDeliveryOver } from './DeliveryFacts';

/** "Northern Ireland, the Isle of Man, Guernsey or Jersey". */
const either = (places: string[]) => (places.length > 1 ? `${places.slice(0, -1).join(', ')} or ${places[places.length - 1]}` : places[0]);

export default function WhereWeServe() {
  const { delivery, demo } = useMarket();
  const excluded = delivery.area.excluded.map((e) => e.place);
  return (
    <ContentPage
      title="Where we serve"
      description="How Pharmacy & Care gets your order to you: standard delivery, free over a set amount, express delivery, or click and collect at one of our pharmacies. Fees shown before you pay."
      lead={
        <>
          Standard delivery, <FreeDeliveryOver />; express delivery when it cannot wait; or click and collect at one
          of our pharmacies, free.
        </>
      }
      art={<DeliveryArt />}
    >
      <TitledSection id="delivery-area" title="Where we deliver">
        <p>
          We deliver to {delivery.area.description}.
          {excluded.length > 0 && ` We cannot deliver to ${either(excluded)}; collect from one of our pharmacies instead.`}
        </p>
      </TitledSection>

      <TitledSection id="delivery-methods" title="Delivery options and fees">
        <p>These are the options and fees checkout offers; the total you pay is shown before you place your order.</p>
        <DeliveryFacts part="methods" />
      </TitledSection>

      <TitledSection id="delivery-collect" title="Click and collect">
        <p>
          Choose Click and collect at checkout and pick one of these pharmacies. Bring your order number (it starts with
          #, as in your confirmation and <Link to="/my-orders">My orders</Link>) to the counter.
          {demo && ' (Demo addresses: this shop has no real pharmacies.)'}
        </p>
        <DeliveryFacts part="pharmacies" />
      </TitledSection>

      <Section aria-labelledby="delivery-good-to-know">
        <Columns>
          <div>
            <h2 id="delivery-good-to-know">Good to know</h2>
            <ul>
              <li>
                An order with a pharmacy medicine, or with a safety warning for you, waits for a pharmacist&apos;s
                review before it is packed. If the pharmacist cannot approve it, you are told why and refunded.
              </li>
              <li>Parcels are plain, with nothing on the outside that says what is inside.</li>
            </ul>
          </div>
          <div>
            <h2 id="delivery-tracking">Follow your order</h2>
            <p>
              <Link to="/my-orders">My orders</Link> shows each order&apos;s progress: placed, paid, packed, shipped or
              ready to collect, and delivered.
            </p>
          </div>
        </Columns>
      </Section>
    </ContentPage>
  );
}
