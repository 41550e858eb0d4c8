import { pricesIncludeTax } from '@pharmacy/contracts';
import { useMarket } from '@pharmacy/session';
import { Link } from 'react-router-dom';
import { StoryArt } from './art';
import { CardSection, Columns, ContentPage, InfoCard, Section, TitledSection } from './content';
import { FreeDeliveryOver } from './DeliveryFacts';

export default function OurStory() {
  const market = useMarket();
  return (
    <ContentPage
      title="Our story"
      description="The story of Pharmacy & Care: a neighbourhood pharmacy that brought its pharmacists and health advice online without losing the personal touch."
      lead="We started behind one counter, on one high street, with a simple idea: everyone deserves a pharmacist who knows their name."
      art={<StoryArt />}
    >
      <Section aria-labelledby="story-from">
        <Columns>
          <div>
            <h2 id="story-from">From the high street to your door</h2>
            <p>
              For years our customers asked the same questions: could they order without queueing, could we send
              things to a parent who could no longer get to the shop, could they pick up on the way home. Pharmacy
              &amp; Care is our answer: order online, then have it delivered or collect it at one of our pharmacies.
            </p>
          </div>
          <div>
            <h2 id="story-team">The team</h2>
            <p>
              Registered pharmacists, pharmacy technicians and dispensers, supported by a customer care team. The same
              pharmacists who ran the counter now review the online orders that need them.
            </p>
          </div>
        </Columns>
      </Section>

      <CardSection id="story-believe" title="What we believe">
        <InfoCard id="believe-safety" title="Safety before speed">
          <p>
            An order with a pharmacy medicine or a safety warning for you waits for a pharmacist&apos;s review, and we
            would rather refund an order than send something that is not right for you.
          </p>
        </InfoCard>
        <InfoCard id="believe-words" title="Plain words">
          <p>Warnings, questions and advice written so that you can make your own decisions.</p>
        </InfoCard>
        <InfoCard id="believe-privacy" title="Privacy by default">
          <p>
            Your health information is used to keep you safe and never sold. Delete your account and your personal
            details are erased; only the pharmacy&apos;s record of what it sold is kept, without your name.
          </p>
        </InfoCard>
        <InfoCard id="believe-prices" title="Fair prices">
          <p>
            The price you see is the price you pay: {pricesIncludeTax(market)} Standard delivery is <FreeDeliveryOver />, and
            every fee is on <Link to="/where-we-serve">our delivery page</Link> and at checkout before you pay.
          </p>
        </InfoCard>
      </CardSection>

      <TitledSection id="story-next" title="Tell us what to do next">
        <p>
          Much of what we do came from a customer&apos;s question. See <Link to="/pharmacy">what our pharmacy offers</Link>{' '}
          or <Link to="/suggest-idea">suggest an idea</Link>.
        </p>
      </TitledSection>
    </ContentPage>
  );
}
