import './setup-globals';
import { loadRemote } from '@module-federation/enhanced/runtime';
import type { DeliveryOptions } from '@pharmacy/contracts';
import { ok, reply } from '@pharmacy/test-kit';
import { screen, within } from '@testing-library/react';
import { forgetDeliveryOptions } from '../src/pages/useDeliveryOptions';
import { fakeRemoteModule, renderApp, signedInAs, type ApiFake } from './harness';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
  getInstance: jest.fn(() => null),
}));

// A shop configured in euros with its own threshold: every amount on the pages must come from this answer.
const options: DeliveryOptions = {
  currency: 'EUR',
  freeDeliveryOver: 45,
  freeDeliveryOverCents: 4500,
  taxRatePercent: 21,
  methods: [
    { method: 'standard', label: 'Standard delivery', description: '2-4 working days', fee: 4.5, feeCents: 450, freeOver: 45, freeOverCents: 4500 },
    { method: 'express', label: 'Express delivery', description: 'Next working day when ordered by 2 pm', fee: 9.95, feeCents: 995 },
    { method: 'collect', label: 'Click and collect', description: 'Ready within 2 hours of opening', fee: 0, feeCents: 0 },
  ],
  pharmacies: [
    { id: 'canal-side', name: 'Canal Side Pharmacy', address: '3 Canal Street, Leeds LS1 4AB', openingHours: ['Mon-Fri 8:00-19:00', 'Sun closed'] },
  ],
};
const withOptions: ApiFake = { ...signedInAs(null), 'GET /api/shop/delivery/options': ok(options) };

beforeEach(() => {
  forgetDeliveryOptions();
  (loadRemote as jest.Mock).mockImplementation(async (id: string) => fakeRemoteModule(id));
});

const CONTENT_PAGES = [
  ['/our-story', 'Our story'],
  ['/pharmacy', 'Our pharmacy'],
  ['/where-we-serve', 'Where we serve'],
  ['/care', 'Care advice'],
  ['/partners', 'Our partners'],
] as const;

describe('content pages', () => {
  it.each(CONTENT_PAGES)('%s opens with a hero: its heading, a lead and a picture with its size set', async (path, title) => {
    renderApp(path, withOptions);
    // the page's code loads on demand
    const heading = await screen.findByRole('heading', { level: 1, name: title }, { timeout: 5000 });
    const hero = heading.closest('header') as HTMLElement;
    const art = hero.querySelector('svg') as SVGSVGElement;
    expect(art).toHaveAttribute('width');
    expect(art).toHaveAttribute('height');
    expect(art).toHaveAttribute('aria-hidden', 'true');
    expect(hero.querySelector('p')?.textContent?.length).toBeGreaterThan(20);
  });

  it.each(CONTENT_PAGES)('%s promises nothing the shop does not do', async (path, title) => {
    renderApp(path, withOptions);
    await screen.findByRole('heading', { level: 1, name: title }, { timeout: 5000 });
    const text = document.body.textContent ?? '';
    for (const unbuilt of [/Partnership/, /same[- ]day/i, /electronic prescription/i, /medication review/i, /insur/i, /by video/i, /signature/i, /our own delivery drivers/i, /dispatched every day/i]) {
      expect(text).not.toMatch(unbuilt);
    }
  });

  it('where we serve lists the delivery options and fees and the pharmacies to collect from, as the server offers them', async () => {
    renderApp('/where-we-serve', withOptions);
    const standard = (await screen.findByRole('heading', { level: 3, name: 'Standard delivery' })).closest('section') as HTMLElement;
    expect(within(standard).getByText('€4.50, free on orders over €45.00')).toBeInTheDocument();
    const express = screen.getByRole('heading', { level: 3, name: 'Express delivery' }).closest('section') as HTMLElement;
    expect(within(express).getByText('€9.95')).toBeInTheDocument();
    const collect = screen.getByRole('heading', { level: 3, name: 'Click and collect' }).closest('section') as HTMLElement;
    expect(within(collect).getByText('Free')).toBeInTheDocument();
    const pharmacy = screen.getByRole('heading', { level: 3, name: 'Canal Side Pharmacy' }).closest('section') as HTMLElement;
    expect(within(pharmacy).getByText('3 Canal Street, Leeds LS1 4AB')).toBeInTheDocument();
    expect(within(pharmacy).getByText('Mon-Fri 8:00-19:00')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Where we serve' }).closest('header')).toHaveTextContent(
      'Standard delivery, free on orders over €45.00',
    );
  });

  it('the home page and the footer give the free-delivery threshold in the shop currency', async () => {
    renderApp('/', withOptions);
    const trust = (await screen.findByRole('heading', { level: 3, name: 'Delivered or collected' })).closest('li') as HTMLElement;
    expect(await within(trust).findByText(/free on orders over €45\.00/)).toBeInTheDocument();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText(/free on orders over €45\.00/)).toBeInTheDocument();
    // no bare amount anywhere: the only figures on the page carry the currency
    expect(document.body.textContent).not.toMatch(/over 30\b/);
  });

  it('says the fees are at checkout when the delivery options cannot be loaded, without inventing an amount', async () => {
    renderApp('/where-we-serve', {
      ...signedInAs(null),
      'GET /api/shop/delivery/options': reply(503, { success: false, message: 'Checkout is unavailable', code: 'UNAVAILABLE' }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Where we serve' }, { timeout: 5000 })).toBeInTheDocument();
    expect((await screen.findAllByText('free over an amount shown at checkout', { exact: false })).length).toBe(2); // lead and footer
    expect((await screen.findAllByRole('alert'))[0]).toHaveTextContent('The delivery options could not be loaded. They are shown at checkout.');
    expect(document.body.textContent).not.toMatch(/€|\$\d/);
  });
});
