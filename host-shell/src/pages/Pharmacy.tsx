import { useMarket } from '@pharmacy/session';
import { Link } from 'react-router-dom';
import { Registration } from '../layout/Registration';
import { PharmacyArt } from './art';
import { CardGrid, CardSection, ContentPage, InfoCard, Notice, Section, TitledSection } from './content';

export default function Pharmacy() {
  const { health, regulation } = useMarket();
  return (
    <ContentPage
      title="Our pharmacy"
      description="Pharmacy services from Pharmacy & Care: a pharmacist's review of orders that need one, consultation questions for pharmacy medicines, safety warnings from your health profile and advice by chat."
      lead="Registered pharmacists look after the orders that need them and answer your questions about medicines."
      art={<PharmacyArt />}
    >
      <CardSection id="pharmacy-services" title="What our pharmacists do for your order" wide>
        <InfoCard id="svc-review" title="A pharmacist's review">
          <p>
            An order with a pharmacy medicine, or with a product we warned you about, is checked by a pharmacist
            before it is packed. If it cannot be approved, you are told why and refunded.
          </p>
        </InfoCard>
        <InfoCard id="svc-otc" title="Questions for pharmacy medicines">
          <p>
            Some medicines are sold only after a few questions. Answer them at checkout: they protect you from
            interactions, overdoses and medicines that are not right for your age or condition.
          </p>
        </InfoCard>
        <InfoCard id="svc-safety" title="Warnings made for you">
          <p>
            Add your allergies and health conditions to <Link to="/profile">your profile</Link>. When a product may
            not be right for you, we say so on the product page and in your cart, and ask you to confirm before
            ordering.
          </p>
        </InfoCard>
      </CardSection>

      {/* unnamed: each card below is the landmark, named by its own heading (one name, one landmark) */}
      <Section>
        <CardGrid>
          <InfoCard id="pharmacy-prescriptions" title="Prescription medicines" level={2}>
            <p>
              Add your prescription in <Link to="/prescriptions">My prescriptions</Link>: a photo or PDF of a paper one,
              or the token of an electronic one. A pharmacist checks it before you can order its medicines online, or
              bring it to one of <Link to="/where-we-serve">our pharmacies</Link>.
            </p>
          </InfoCard>
          <InfoCard id="pharmacy-ask" title="Ask a pharmacist" level={2}>
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

      <TitledSection id="pharmacy-browse" title="Browse medicines and health products">
        <p>
          <Link to="/pharmacy/products">See all products</Link>, or read our <Link to="/care">care advice</Link> first.
        </p>
      </TitledSection>
    </ContentPage>
  );
}
