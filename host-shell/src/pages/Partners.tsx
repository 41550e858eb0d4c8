import { SUPPORT_EMAIL } from '../config';
import { PartnersArt } from './art';
import { CardSection, Columns, ContentPage, InfoCard, Section } from './content';

export default function Partners() {
  return (
    <ContentPage
      title="Our partners"
      description="Who Pharmacy & Care works with: licensed wholesalers and manufacturers, so your medicines are genuine, stored properly and traceable."
      lead="Safe medicines depend on a safe supply chain. These are the organisations we work with, and what we ask of them."
      art={<PartnersArt />}
    >
      <CardSection id="partners-who" title="Who we work with">
        <InfoCard id="partners-wholesalers" title="Licensed wholesalers">
          <p>
            Every medicine we sell comes from wholesalers that hold a wholesale dealer&apos;s licence. Stock is checked
            on arrival, stored at the temperature the manufacturer requires and traceable by batch.
          </p>
        </InfoCard>
        <InfoCard id="partners-brands" title="Manufacturers and brands">
          <p>
            The brands in our shop are bought through those wholesalers, in their original packs with the patient
            leaflet, so what you receive is what the label says.
          </p>
        </InfoCard>
      </CardSection>

      <Section aria-labelledby="partners-choose">
        <Columns>
          <div>
            <h2 id="partners-choose">How we choose partners</h2>
            <ul>
              <li>They hold the licences and registrations their work requires, and we check them every year.</li>
              <li>They keep patient information confidential and see only what their part needs.</li>
              <li>They deliver on time: a medicine that arrives late is a medicine missed.</li>
            </ul>
          </div>
          <div>
            <h2 id="partners-contact">Work with us</h2>
            <p>
              If you supply medicines or health products and would like to work with us, write to{' '}
              <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
            </p>
          </div>
        </Columns>
      </Section>
    </ContentPage>
  );
}
