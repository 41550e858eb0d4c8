import { pricesIncludeTax } from '@pharmacy/contracts';
import { useMarket } from '@pharmacy/session';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { media } from '@pharmacy/ui';
import { SITE_TITLE, SUPPORT_EMAIL } from '../config';
import { FreeDeliveryOver } from '../pages/DeliveryFacts';
import { OnDutyPharmacist } from './OnDutyPharmacist';
import { Registration } from './Registration';

const Bar = styled.footer`
  margin-top: 4rem;
  background: ${({ theme }) => theme.colors.text};
  color: #e2e8f0;
  a {
    color: #ffffff;
  }
`;

const Inner = styled.div`
  max-width: 72rem;
  margin: 0 auto;
  padding: 2.5rem 1rem 6rem; /* room for the floating buttons */
  display: grid;
  gap: 2rem;
  grid-template-columns: 1fr;
  ${media.sm} {
    grid-template-columns: repeat(2, 1fr);
  }
  ${media.lg} {
    grid-template-columns: repeat(4, 1fr);
  }
  h2 {
    margin: 0 0 0.75rem;
    font-size: 1rem;
    color: #ffffff;
  }
  ul {
    margin: 0;
    padding: 0;
    list-style: none;
    display: grid;
    gap: 0.5rem;
  }
  p {
    margin: 0 0 0.5rem;
  }
`;

const Legal = styled.section`
  border-top: 1px solid #334155;
  max-width: 72rem;
  margin: 0 auto;
  padding: 1.25rem 1rem 5.5rem;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: #cbd5e1;
  p {
    margin: 0 0 0.25rem;
  }
  h2 {
    margin: 0 0 0.5rem;
    font-size: 1rem;
    color: #ffffff;
  }
`;

export function Footer() {
  const market = useMarket();
  return (
    <Bar>
      <Inner>
        <section aria-labelledby="footer-shop">
          <h2 id="footer-shop">Shop</h2>
          <ul>
            <li><Link to="/pharmacy/products">All products</Link></li>
            <li><Link to="/cart">Your cart</Link></li>
            <li><Link to="/my-orders">My orders</Link></li>
            <li><Link to="/prescriptions">My prescriptions</Link></li>
          </ul>
        </section>
        <section aria-labelledby="footer-about">
          <h2 id="footer-about">About us</h2>
          <ul>
            <li><Link to="/our-story">Our story</Link></li>
            <li><Link to="/pharmacy">Pharmacy services</Link></li>
            <li><Link to="/care">Care advice</Link></li>
            <li><Link to="/where-we-serve">Where we serve</Link></li>
            <li><Link to="/partners">Partners</Link></li>
          </ul>
        </section>
        <section aria-labelledby="footer-help">
          <h2 id="footer-help">Help</h2>
          <ul>
            <li><Link to="/need-help">Need help?</Link></li>
            <li><Link to="/suggest-idea">Suggest an idea</Link></li>
            <li><a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a></li>
          </ul>
        </section>
        <section aria-labelledby="footer-delivery">
          <h2 id="footer-delivery">Delivery and collection</h2>
          <p>
            Standard delivery to {market.delivery.area.description}, <FreeDeliveryOver />.
          </p>
          <p>Express delivery, or click and collect at one of our pharmacies.</p>
          <p>{pricesIncludeTax(market)}</p>
          <p>
            <Link to="/where-we-serve">Fees, pharmacies and opening hours</Link>
          </p>
        </section>
      </Inner>
      <Legal aria-labelledby="footer-registration">
        <h2 id="footer-registration">Our registration</h2>
        <Registration />
        <OnDutyPharmacist />
        <p>
          The information on this site does not replace advice from your doctor or pharmacist. Always read the label
          and patient leaflet. In an emergency call {market.health.emergencyNumber}. {market.health.urgentHelp}
        </p>
        <p>© {new Date().getFullYear()} {SITE_TITLE}. All rights reserved.</p>
      </Legal>
    </Bar>
  );
}
