import { screen } from '@testing-library/react';
import FeatureCarousel from '../src/exposes/FeatureCarousel';
import FeaturedProducts from '../src/exposes/FeaturedProducts';
import { fail, fakeApi, ok, okList, makeProduct, renderWithStore } from '@pharmacy/test-kit';
import userEvent from '@testing-library/user-event';
import { serveCartWidget } from './cartWidget';

jest.mock('@module-federation/enhanced/runtime', () => ({ getInstance: jest.fn() }));

describe('FeatureCarousel', () => {
  it('shows one banner at a time with sized images and lets the user move between them', async () => {
    const user = userEvent.setup();
    fakeApi(() => ok([
      { _id: 'f1', image: '/api/media/a', createdAt: '2024-01-01T00:00:00.000Z' },
      { _id: 'f2', image: '/api/media/b', createdAt: '2024-01-02T00:00:00.000Z' },
    ]));
    const { container } = renderWithStore(<FeatureCarousel />);
    expect(await screen.findByRole('link', { name: 'Offer 1 of 2: shop products' })).toBeInTheDocument();
    const img = container.querySelector('img')!;
    expect(img).toHaveAttribute('src', '/api/media/a');
    expect(img).toHaveAttribute('width', '1200');
    expect(img).toHaveAttribute('height', '400');
    await user.click(screen.getByRole('button', { name: 'Next offer' }));
    expect(container.querySelector('img')).toHaveAttribute('src', '/api/media/b');
    expect(container.querySelector('img')).toHaveAttribute('loading', 'lazy');
    await user.click(screen.getByRole('button', { name: 'Show offer 1' }));
    expect(container.querySelector('img')).toHaveAttribute('src', '/api/media/a');
  });

  it('renders nothing when there are no banners', async () => {
    const { calls } = fakeApi(() => ok([]));
    renderWithStore(<FeatureCarousel />);
    await screen.findByTestId('location');
    await new Promise((r) => setTimeout(r, 0));
    expect(calls).toHaveLength(1);
    // (the test kit's toast landmark is a section too: the carousel is the region named Offers)
    expect(screen.queryByRole('region', { name: 'Offers' })).toBeNull();
  });
});

describe('FeaturedProducts', () => {
  it('shows categories with products and a row of buyable products, each card with Add to cart', async () => {
    serveCartWidget();
    fakeApi((call) =>
      call.path === '/api/shop/products/facets'
        ? ok({ categories: [{ id: 'allergy', label: 'Allergy', count: 3 }, { id: 'first-aid', label: 'First Aid', count: 0 }], brands: [], total: 3 })
        : okList([makeProduct({ title: 'Plasters' }), makeProduct({ title: 'Rx cream', requiresPrescription: true })], { total: 2, page: 1, limit: 8 }),
    );
    renderWithStore(<FeaturedProducts />);
    expect(await screen.findByRole('link', { name: 'Allergy' })).toHaveAttribute('href', '/pharmacy/products?category=allergy');
    expect(screen.queryByRole('link', { name: 'First Aid' })).not.toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Plasters' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Rx cream' })).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Add to cart (compact) Plasters' })).toHaveAttribute('data-variant', 'compact');
  });

  it('says so when the catalog is down, and Try again shows the products once it answers', async () => {
    serveCartWidget();
    let down = true;
    fakeApi((call) =>
      call.path === '/api/shop/products/facets'
        ? ok({ categories: [], brands: [], total: 0 })
        : down
          ? fail(503, 'The catalog is temporarily unavailable. Please try again in a moment.', 'SERVICE_UNAVAILABLE')
          : okList([makeProduct({ title: 'Plasters' })], { total: 1, page: 1, limit: 8 }),
    );
    renderWithStore(<FeaturedProducts />);
    expect(await screen.findByText('We could not load our products just now')).toBeInTheDocument();
    expect(screen.getByText('The catalog is temporarily unavailable. Please try again in a moment.')).toBeInTheDocument();
    down = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Plasters' })).toBeInTheDocument();
    expect(screen.queryByText('We could not load our products just now')).not.toBeInTheDocument();
  });
});
