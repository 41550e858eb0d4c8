import { useMarket } from '@pharmacy/session';
import { Link } from 'react-router-dom';
import { Registration } from '../layout/Registration';
import { PharmacyArt } from './art';
import { CardGrid, ContentPage, InfoCard, Notice, Section } from './content';

export default function Pharmacy() {
  const { health, regulation } = useMarket();
  return (
    <ContentPage
      title="Our pharmacy"
      description="Pharmacy services from Pharmacy & Care: a pharmacist's review of orders that need one, consultation questions for pharmacy medicines, safety warnings from your health profile and advice by chat."
      lead="Registered pharmacists look after the orders that need them and answer your questions about medicines."
      art={<PharmacyArt />}
    >
      <Section aria-labelledby="pharmacy-services">
        <h2 id="pharmacy-services">What our pharmacists do for your order</h2>
        <CardGrid $wide>
          <InfoCard aria-labelledby="svc-review">
            <h3 id="svc-review">A pharmacist&apos;s review</h3>
            <p>
              An order with a pharmacy medicine, or with a product we warned you about, is checked by a pharmacist
              before it is packed. If it cannot be approved, you are told why and refunded.
            </p>
          </InfoCard>
          <InfoCard aria-labelledby="svc-otc">
            <h3 id="svc-otc">Questions for pharmacy medicines</h3>
            <p>
              Some medicines are sold only after a few questions. Answer them at checkout: they protect you from
              interactions, overdoses and medicines that are not right for your age or condition.
            </p>
          </InfoCard>
          <InfoCard aria-labelledby="svc-safety">
            <h3 id="svc-safety">Warnings made for you</h3>
            <p>
              Add your allergies and health conditions to <Link to="/profile">your profile</Link>. When a product may
              not be right for you, we say so on the product page and in your cart, and ask you to confirm before
              ordering.
            </p>
          </InfoCard>
        </CardGrid>
      </Section>

      {/* unnamed: each card below is the landmark, named by its own heading (one name, one landmark) */}
      <Section>
        <CardGrid>
          <InfoCard aria-labelledby="pharmacy-prescriptions">
            <h2 id="pharmacy-prescriptions">Prescription medicines</h2>
            <p>
              Prescription-only medicines are listed so you can read about them, but cannot be ordered online. Bring
              your prescription to one of <Link to="/where-we-serve">our pharmacies</Link>, where a pharmacist will
              dispense it.
            </p>
          </InfoCard>
          <InfoCard aria-labelledby="pharmacy-ask">
            <h2 id="pharmacy-ask">Ask a pharmacist</h2>
            <p>
              Not sure a medicine is right for you? Use <strong>Chat with us</strong> (in the menu on a phone) or, once
              signed in, <Link to="/need-help">Need help</Link>. For the ordinary questions, read our{' '}
              <Link to="/care">care advice</Link>.
            </p>
          </InfoCard>
        </CardGrid>
      </Section>

      <Notice>
        <p>
          <strong>Emergency?</strong> For chest pain, difficulty breathing, severe bleeding or signs of a stroke, call{' '}
          {health.emergencyNumber} now. Do not wait for an online reply. {health.urgentHelp}
        </p>
      </Notice>

      <Section aria-labelledby="pharmacy-registration">
        {/* named apart from the footer's "Our registration": two landmarks with one name cannot be told apart */}
        <h2 id="pharmacy-registration">Check our registration</h2>
        <p>
          Medicines are sold online only by a pharmacy registered with the {regulation.regulator.name}, and you can check
          that on its register before you buy.
        </p>
        <Registration />
      </Section>

      <Section aria-labelledby="pharmacy-browse">
        <h2 id="pharmacy-browse">Browse medicines and health products</h2>
        <p>
          <Link to="/pharmacy/products">See all products</Link>, or read our <Link to="/care">care advice</Link> first.
        </p>
      </Section>
    </ContentPage>
  );
}
