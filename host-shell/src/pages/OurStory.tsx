import { Link } from 'react-router-dom';
import { ContentPage } from './content';

export default function OurStory() {
  return (
    <ContentPage
      title="Our story"
      description="The story of Pharmacy & Care: a neighbourhood pharmacy that brought its pharmacists, prescriptions and health advice online without losing the personal touch."
      lead="We started behind one counter, on one high street, with a simple idea: everyone deserves a pharmacist who knows their name."
    >
      <h2>From the high street to your door</h2>
      <p>
        For years our customers asked the same questions: could we hold their repeat prescription until after work,
        could we deliver to a parent who could no longer get to the shop, could they ask a question without queueing.
        Pharmacy &amp; Care is our answer. The same registered pharmacists who ran the counter now check every online
        order, and the advice you used to get across the counter is a message away.
      </p>

      <h2>What we believe</h2>
      <ul>
        <li>
          <strong>Safety before speed.</strong> A pharmacist reviews every order that contains a medicine, and we will
          call you rather than guess.
        </li>
        <li>
          <strong>Plain words.</strong> Dosage, side effects and interactions explained so that you can make your own
          decisions.
        </li>
        <li>
          <strong>Privacy by default.</strong> Your health information is used to keep you safe, never sold, and only
          seen by the people who need it.
        </li>
        <li>
          <strong>Fair prices.</strong> The price you see is the price you pay, with delivery costs shown before
          checkout.
        </li>
      </ul>

      <h2>The team</h2>
      <p>
        Our team includes registered pharmacists, pharmacy technicians and dispensers, supported by a customer care team
        and our own delivery drivers in the areas we serve. Many of us have worked together for more than a decade.
      </p>

      <h2>Where next</h2>
      <p>
        We keep adding services that save you a trip: medication reviews by video, reminders for repeat prescriptions
        and seasonal vaccination bookings. See <Link to="/pharmacy">what our pharmacy offers</Link> or{' '}
        <Link to="/suggest-idea">suggest an idea</Link>.
      </p>
    </ContentPage>
  );
}
