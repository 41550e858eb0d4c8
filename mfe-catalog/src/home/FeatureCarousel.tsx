import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { FEATURE_IMAGE_RATIO, FEATURE_IMAGE_SIZE } from '@pharmacy/contracts';
import { BannerFrame, th } from '@pharmacy/ui';
import { catalogQueries, useCatalogQueries, usePageRead } from '../queries';

export const CAROUSEL_INTERVAL_MS = 6000;

const Region = styled(BannerFrame)`
  img {
    display: block;
    width: 100%;
    height: auto;
  }
`;

const Arrow = styled.button<{ $side: 'left' | 'right' }>`
  position: absolute;
  top: 50%;
  ${(p) => p.$side}: ${th((t) => t.space(2))};
  transform: translateY(-50%);
  width: 2.75rem;
  height: 2.75rem;
  border: 0;
  border-radius: 50%;
  background: rgba(255, 255, 255, 0.9);
  color: ${th((t) => t.colors.text)};
  font-size: 1.25rem;
  cursor: pointer;
`;

const Dots = styled.div`
  position: absolute;
  bottom: ${th((t) => t.space(2))};
  left: 50%;
  transform: translateX(-50%);
  display: flex;
  gap: ${th((t) => t.space(1))};
  button {
    width: 1.5rem;
    height: 1.5rem;
    padding: 0;
    border: 0;
    background: none;
    cursor: pointer;
  }
  span {
    display: block;
    width: 0.625rem;
    height: 0.625rem;
    margin: auto;
    border-radius: 50%;
    background: rgba(255, 255, 255, 0.6);
  }
  button[aria-current='true'] span {
    background: #fff;
  }
`;

const prefersReducedMotion = () => typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

/** Home page banners: one at a time, advancing on its own unless paused (hover, focus, reduced motion). */
export function FeatureCarousel() {
  useCatalogQueries();
  const features = usePageRead(catalogQueries.endpoints.features, undefined);
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const list = features.data ?? [];
  const count = list.length;

  useEffect(() => {
    if (count < 2 || paused || prefersReducedMotion()) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), CAROUSEL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [count, paused]);

  // while the banners load the box stays reserved; with none to show (or unavailable) the page goes on without it
  if (count === 0) return features.loading ? <Region $ratio={FEATURE_IMAGE_RATIO} aria-hidden="true" /> : null;
  const current = list[index % count];
  return (
    <Region
      $ratio={FEATURE_IMAGE_RATIO}
      aria-roledescription="carousel"
      aria-label="Offers"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <Link to="/pharmacy/products" aria-label={`Offer ${(index % count) + 1} of ${count}: shop products`}>
        {/* the first banner is above the fold: loaded at once; later ones lazily */}
        <img
          key={current._id}
          src={current.image}
          alt=""
          width={FEATURE_IMAGE_SIZE.width}
          height={FEATURE_IMAGE_SIZE.height}
          loading={index === 0 ? 'eager' : 'lazy'}
          // the first banner is the home page's largest paint on a phone: fetch it ahead of other images
          fetchPriority={index === 0 ? 'high' : 'auto'}
          decoding="async"
        />
      </Link>
      {count > 1 && (
        <>
          <Arrow type="button" $side="left" aria-label="Previous offer" onClick={() => setIndex((i) => (i - 1 + count) % count)}>
            ‹
          </Arrow>
          <Arrow type="button" $side="right" aria-label="Next offer" onClick={() => setIndex((i) => (i + 1) % count)}>
            ›
          </Arrow>
          <Dots>
            {list.map((f, i) => (
              <button key={f._id} type="button" aria-label={`Show offer ${i + 1}`} aria-current={i === index % count} onClick={() => setIndex(i)}>
                <span />
              </button>
            ))}
          </Dots>
        </>
      )}
    </Region>
  );
}
