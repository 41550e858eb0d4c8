import { useMarket } from '@pharmacy/session';
import { Link } from 'react-router-dom';
import { CareArt } from './art';
import { CardGrid, ContentPage, InfoCard, Notice, TitledSection } from './content';

export default function Care() {
  const { health } = useMarket();
  return (
    <ContentPage
      title="Care advice"
      description="Practical care advice from our pharmacists: colds and flu, hay fever and allergies, first aid at home, and the signs that mean you should see a doctor."
      lead="Everyday advice from our pharmacists. It does not replace a consultation: if you are unsure, ask us."
      art={<CareArt />}
    >
      <CardGrid $wide>
        <InfoCard id="care-cold" title="Colds and flu" level={2}>
          <ul>
            <li>Rest, keep warm and drink plenty of fluids; most colds clear up within 7 to 10 days.</li>
            <li>Paracetamol or ibuprofen ease fever and aches. Check the label: many cold remedies already contain paracetamol, so do not take two at once.</li>
            <li>Antibiotics do not work against colds or flu, which are caused by viruses.</li>
            <li>Ask your doctor about the yearly flu vaccination if you are over 65, pregnant or live with a long-term condition.</li>
          </ul>
        </InfoCard>

        <InfoCard id="care-allergies" title="Hay fever and allergies" level={2}>
          <ul>
            <li>Non-drowsy antihistamines (such as cetirizine or loratadine) help sneezing and itchy eyes; start them before the pollen season if you can.</li>
            <li>Steroid nasal sprays work best when used every day, and take a few days to reach full effect.</li>
            <li>Keep windows closed on high-pollen days, shower after being outdoors and dry washing indoors.</li>
            <li>Record your allergies in your profile so we can warn you about products that contain them.</li>
          </ul>
        </InfoCard>

        <InfoCard id="care-firstaid" title="First aid at home" level={2}>
          <ul>
            <li><strong>Minor cuts:</strong> rinse with clean water, press with a clean pad until bleeding stops, then cover with a plaster.</li>
            <li><strong>Burns:</strong> cool under cool running water for 20 minutes, then cover loosely with cling film. No ice, butter or creams.</li>
            <li><strong>Sprains:</strong> rest, ice wrapped in a cloth for 20 minutes at a time, light compression and keep the limb raised.</li>
            <li>A basic kit: plasters, sterile dressings, bandages, antiseptic wipes, tweezers, a thermometer and pain relief.</li>
          </ul>
        </InfoCard>
      </CardGrid>

      <TitledSection id="care-doctor" title="When to see a doctor">
        <ul>
          <li>A fever above 39 °C that lasts more than 3 days, or any fever in a baby under 3 months.</li>
          <li>Symptoms that get worse after a week, or a cough that lasts longer than 3 weeks.</li>
          <li>Shortness of breath, chest pain, coughing up blood, or confusion.</li>
          <li>A rash that does not fade when you press a glass against it.</li>
          <li>Swelling of the lips, tongue or throat after a new medicine or food.</li>
        </ul>
      </TitledSection>
      <Notice>
        <p>
          In an emergency call {health.emergencyNumber} straight away. {health.urgentHelp} For anything else, our
          pharmacists can help you decide what to do next: use <strong>Chat with us</strong>,{' '}
          <Link to="/need-help">Need help</Link> once signed in, or see <Link to="/pharmacy">our pharmacy services</Link>.
        </p>
      </Notice>
    </ContentPage>
  );
}
