import { CATEGORIES, FEATURE_IMAGE_RATIO } from '@pharmacy/contracts';
import { BannerFrame, buttonStyles, media, useDocumentHead } from '@pharmacy/ui';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { SITE_TITLE } from '../config';
import { remoteWidget } from '../remotes';
import { surfaceBox } from '../styles';
import { FreeDeliveryOver } from './DeliveryFacts';

export const HOME_DESCRIPTION =
  'Pharmacy & Care is an online pharmacy: medicines and health products, with a pharmacist reviewing the orders that need one, delivered discreetly or ready to collect.';

const Hero = styled.section`
  display: grid;
  gap: 1rem;
  padding: 2rem 1.25rem;
  border-radius: ${({ theme }) => theme.radii.lg};
  background: linear-gradient(135deg, ${({ theme }) => theme.colors.brandSubtle}, #ffffff);
  ${media.md} {
    padding: 3rem 2.5rem;
  }
  h1 {
    margin: 0;
    font-size: clamp(1.75rem, 4vw, 2.5rem);
    line-height: 1.15;
    color: ${({ theme }) => theme.colors.text};
  }
  p {
    margin: 0;
    max-width: 38rem;
    font-size: ${({ theme }) => theme.fontSizes.lg};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
`;
const Primary = styled(Link)`
  ${buttonStyles({ variant: 'primary', size: 'lg' })}
`;
const Secondary = styled(Link)`
  ${buttonStyles({ variant: 'secondary', size: 'lg' })}
`;

const Section = styled.section`
  margin-top: 2.5rem;
  h2 {
    margin: 0 0 1rem;
    font-size: ${({ theme }) => theme.fontSizes['2xl']};
  }
`;

const Trust = styled.ul`
  display: grid;
  gap: 1rem;
  margin: 0;
  padding: 0;
  list-style: none;
  grid-template-columns: 1fr;
  ${media.md} {
    grid-template-columns: repeat(3, 1fr);
  }
  li {
    ${surfaceBox}
    padding: 1.25rem;
  }
  h3 {
    margin: 0 0 0.375rem;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Categories = styled.ul`
  display: grid;
  gap: 0.75rem;
  margin: 0;
  padding: 0;
  list-style: none;
  grid-template-columns: repeat(2, 1fr);
  ${media.md} {
    grid-template-columns: repeat(4, 1fr);
  }
  a {
    display: block;
    padding: 1rem;
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.surfaceMuted};
    color: ${({ theme }) => theme.colors.brandStronger};
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
    text-decoration: none;
  }
  a:hover {
    background: ${({ theme }) => theme.colors.brandSubtle};
  }
`;

// Home widgets from the catalog remote; if it is down the page keeps a useful local fallback.
// The carousel's box is kept while the remote loads, so the sections below do not jump when it arrives.
const FeatureCarousel = remoteWidget('catalog/FeatureCarousel', {
  loading: <BannerFrame $ratio={FEATURE_IMAGE_RATIO} aria-hidden="true" />,
});
const FeaturedProducts = remoteWidget('catalog/FeaturedProducts', {
  fallback: (
    <Section aria-labelledby="home-featured">
      <h2 id="home-featured">Featured products</h2>
      <p>
        <Link to="/pharmacy/products">Browse all products</Link>
      </p>
    </Section>
  ),
});

/** `/` and the catch-all for unknown paths (docs/product.md#routes). */
export function Home() {
  useDocumentHead({ title: `${SITE_TITLE}: online pharmacy and health products`, description: HOME_DESCRIPTION, canonicalPath: '/' });

  return (
    <>
      <Hero aria-labelledby="home-title">
        <h1 id="home-title">Your pharmacy, delivered with care</h1>
        <p>
          Medicines and everyday health products, with warnings made for your health profile and a pharmacist&apos;s
          review when an order needs one. Delivered to your door or ready to collect.
        </p>
        <Actions>
          <Primary to="/pharmacy/products">Shop products</Primary>
          <Secondary to="/pharmacy">Pharmacy services</Secondary>
        </Actions>
      </Hero>

      <FeatureCarousel />

      <Section aria-labelledby="home-trust">
        <h2 id="home-trust">Why shop with us</h2>
        <Trust>
          <li>
            <h3>Licensed pharmacists</h3>
            <p>
              An order with a pharmacy medicine, or with a safety warning for you, is reviewed by a registered pharmacist
              before it is packed.
            </p>
          </li>
          <li>
            <h3>Delivered or collected</h3>
            <p>
              Standard delivery is <FreeDeliveryOver />. Express delivery, or click and collect at one of our pharmacies:{' '}
              <Link to="/where-we-serve">delivery options</Link>.
            </p>
          </li>
          <li>
            <h3>Your privacy protected</h3>
            <p>Your health information is used only to keep you safe, never sold, and seen only by the people caring for you.</p>
          </li>
        </Trust>
      </Section>

      {/* the widget renders its own heading */}
      <FeaturedProducts />

      <Section aria-labelledby="home-categories">
        <h2 id="home-categories">Shop by category</h2>
        <Categories>
          {CATEGORIES.map((category) => (
            <li key={category.id}>
              <Link to={`/pharmacy/products?category=${category.id}`}>{category.label}</Link>
            </li>
          ))}
        </Categories>
      </Section>
    </>
  );
}
