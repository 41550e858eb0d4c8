import { Link } from 'react-router-dom';
import { CardGrid, ContentPage, InfoCard } from './content';

export default function Partners() {
  return (
    <ContentPage
      title="Our partners"
      description="Who Pharmacy & Care works with: licensed wholesalers, local clinics and GP practices, insurers and care homes, so your medicines are genuine, in stock and affordable."
      lead="Safe medicines depend on a safe supply chain and on people who talk to each other. These are the kinds of organisations we work with every day."
    >
      <CardGrid>
        <InfoCard aria-labelledby="partners-wholesalers">
          <h2 id="partners-wholesalers">Licensed wholesalers</h2>
          <p>
            Every medicine we sell comes from wholesalers that hold a wholesale dealer's licence. Stock is checked on
            arrival, stored at the temperature the manufacturer requires and tracked by batch, so a recall reaches the
            right customers within hours.
          </p>
        </InfoCard>
        <InfoCard aria-labelledby="partners-clinics">
          <h2 id="partners-clinics">Clinics and GP practices</h2>
          <p>
            We receive electronic prescriptions directly from surgeries and clinics, and our pharmacists can call a
            prescriber when a dose, an interaction or an allergy needs checking before anything is dispensed.
          </p>
        </InfoCard>
        <InfoCard aria-labelledby="partners-insurers">
          <h2 id="partners-insurers">Health insurers and employers</h2>
          <p>
            Some insurance plans and employee health schemes cover prescriptions and vaccinations. Tell us your plan at
            checkout or ask our team, and we will explain what is covered before you pay.
          </p>
        </InfoCard>
        <InfoCard aria-labelledby="partners-care">
          <h2 id="partners-care">Care homes and community services</h2>
          <p>
            We prepare repeat medicines for care homes and home-care teams in clearly labelled packs, with medication
            administration records and a named pharmacist to contact.
          </p>
        </InfoCard>
      </CardGrid>

      <h2>How we choose partners</h2>
      <ul>
        <li>They hold the licences and registrations their work requires, and we check them every year.</li>
        <li>They keep patient information confidential and share only what is needed for your care.</li>
        <li>They deliver on time: a medicine that arrives late is a medicine missed.</li>
      </ul>

      <h2>Work with us</h2>
      <p>
        If you run a clinic, a care service or a health scheme and would like to work with our pharmacists, write to
        us through <Link to="/need-help">our help page</Link> and choose "Partnership" as the topic.
      </p>
    </ContentPage>
  );
}
