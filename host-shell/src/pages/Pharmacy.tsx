import { Link } from 'react-router-dom';
import { CardGrid, ContentPage, InfoCard, Notice } from './content';

export default function Pharmacy() {
  return (
    <ContentPage
      title="Our pharmacy"
      description="Pharmacy services from Pharmacy & Care: prescriptions, pharmacist consultations, medication reviews, repeat prescription reminders and over-the-counter advice."
      lead="Registered pharmacists check every order and are here to answer your questions about medicines."
    >
      <CardGrid>
        <InfoCard aria-labelledby="svc-prescriptions">
          <h2 id="svc-prescriptions">Prescriptions</h2>
          <p>
            Send us your electronic prescription or ask your surgery to nominate us. We check it against your allergies
            and other medicines, dispense it and deliver it in discreet packaging. Repeat prescriptions can be ordered
            a week before you run out.
          </p>
        </InfoCard>
        <InfoCard aria-labelledby="svc-consultations">
          <h2 id="svc-consultations">Consultations</h2>
          <p>
            Talk to a pharmacist about minor illnesses such as sore throats, earache, urinary infections, skin rashes or
            insect bites. We will recommend a treatment, or tell you clearly when you need to see a doctor.
          </p>
        </InfoCard>
        <InfoCard aria-labelledby="svc-reviews">
          <h2 id="svc-reviews">Medication reviews</h2>
          <p>
            If you take several medicines, a review checks that they still work well together, that the doses suit you
            and that you know what each one is for. Bring your questions; it takes about twenty minutes.
          </p>
        </InfoCard>
        <InfoCard aria-labelledby="svc-otc">
          <h2 id="svc-otc">Over-the-counter medicines</h2>
          <p>
            Some medicines can only be sold after a few questions from the pharmacist. Answer them honestly at checkout:
            they protect you from interactions, overdoses and medicines that are not right for your age or condition.
          </p>
        </InfoCard>
      </CardGrid>

      <h2>Your safety information</h2>
      <p>
        Add your allergies and health conditions to <Link to="/profile">your profile</Link>. When a product contains an
        ingredient that may not be right for you, we show a warning on the product page and in your cart, and ask you
        to confirm before ordering.
      </p>

      <Notice>
        <p>
          <strong>Emergency?</strong> For chest pain, difficulty breathing, severe bleeding or signs of a stroke, call
          your local emergency number now. Do not wait for an online reply.
        </p>
      </Notice>

      <h2>Browse medicines and health products</h2>
      <p>
        <Link to="/pharmacy/products">See all products</Link>, or read our <Link to="/care">care advice</Link> first.
      </p>
    </ContentPage>
  );
}
