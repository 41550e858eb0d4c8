import './setup-globals';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { MARKETS } from '@pharmacy/contracts';
import { screen, within } from '@testing-library/react';
import { fakeRemoteModule, renderApp, signedInAs } from './harness';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
  getInstance: jest.fn(() => null),
}));

const { IE } = MARKETS;
const visitor = signedInAs(null);

beforeEach(() => {
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
    renderApp(path, visitor);
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
    renderApp(path, visitor);
    await screen.findByRole('heading', { level: 1, name: title }, { timeout: 5000 });
    const text = document.body.textContent ?? '';
    for (const unbuilt of [/Partnership/, /same[- ]day/i, /electronic prescription/i, /medication review/i, /insur/i, /by video/i, /signature/i, /our own delivery drivers/i, /dispatched every day/i]) {
      expect(text).not.toMatch(unbuilt);
    }
  });

  it('where we serve lists where it delivers, the options and fees and the pharmacies to collect from, from the market', async () => {
    renderApp('/where-we-serve', visitor, IE);
    const standard = (await screen.findByRole('heading', { level: 3, name: 'Standard delivery' }, { timeout: 5000 })).closest('section') as HTMLElement;
    expect(within(standard).getByText('€4.50, free on orders over €40.00')).toBeInTheDocument();
    const express = screen.getByRole('heading', { level: 3, name: 'Express delivery' }).closest('section') as HTMLElement;
    expect(within(express).getByText('€9.95')).toBeInTheDocument();
    const collect = screen.getByRole('heading', { level: 3, name: 'Click and collect' }).closest('section') as HTMLElement;
    expect(within(collect).getByText('Free')).toBeInTheDocument();
    const pharmacy = screen.getByRole('heading', { level: 3, name: 'Pharmacy & Care Grafton Street' }).closest('section') as HTMLElement;
    expect(within(pharmacy).getByText('21 Grafton Street, Dublin 2, D02 X285')).toBeInTheDocument();
    expect(within(pharmacy).getByText('Sun 12:00-17:00')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Where we serve' }).closest('header')).toHaveTextContent('Standard delivery, free on orders over €40.00');
    expect(screen.getByRole('heading', { level: 2, name: 'Where we deliver' }).closest('section')).toHaveTextContent('We deliver to addresses across the Republic of Ireland.');
  });

  it('says where the default market cannot deliver, and that its pharmacy addresses are examples', async () => {
    renderApp('/where-we-serve', visitor);
    const area = (await screen.findByRole('heading', { level: 2, name: 'Where we deliver' }, { timeout: 5000 })).closest('section') as HTMLElement;
    expect(area).toHaveTextContent(
      'We deliver to England, Scotland and Wales. We cannot deliver to Northern Ireland, the Isle of Man, Guernsey or Jersey; collect from one of our pharmacies instead.',
    );
    expect(screen.getByRole('heading', { level: 3, name: 'Pharmacy & Care York Riverside' })).toBeInTheDocument();
    expect(screen.getByText(/Demo addresses: this shop has no real pharmacies/)).toBeInTheDocument();
  });

  it('the home page and the footer give the free-delivery threshold in the market’s currency', async () => {
    renderApp('/', visitor);
    const trust = (await screen.findByRole('heading', { level: 3, name: 'Delivered or collected' }, { timeout: 5000 })).closest('li') as HTMLElement;
    expect(within(trust).getByText(/free on orders over £30\.00/)).toBeInTheDocument();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText(/Standard delivery to England, Scotland and Wales, free on orders over £30\.00/)).toBeInTheDocument();
    expect(within(footer).getByText('Prices include VAT at 20%.')).toBeInTheDocument();
    // no bare amount and no other currency anywhere
    expect(document.body.textContent).not.toMatch(/over 30\b|\$|€/);
  });

  it('the pharmacy page shows its registration and whom to call, from the market', async () => {
    renderApp('/pharmacy', visitor);
    await screen.findByRole('heading', { level: 1, name: 'Our pharmacy' }, { timeout: 5000 });
    const registration = within(screen.getByRole('main')).getByRole('region', { name: 'Check our registration' });
    expect(registration).toHaveTextContent('registered with the General Pharmaceutical Council');
    expect(registration).toHaveTextContent('GPhC registration number 1234567');
    expect(registration).toHaveTextContent('Superintendent pharmacist: Priya Shah, GPhC registration number 2012345.');
    expect(within(registration).getByRole('link', { name: 'Check our registration on the GPhC register' })).toHaveAttribute('href', 'https://www.pharmacyregulation.org/registers');
    expect(document.body.textContent).toContain('call 999 now');
    expect(document.body.textContent).toContain('call NHS 111 or go to 111.nhs.uk');
  });

  it('care advice names the market’s emergency number', async () => {
    renderApp('/care', visitor, IE);
    await screen.findByRole('heading', { level: 1, name: 'Care advice' }, { timeout: 5000 });
    expect(document.body.textContent).toContain('In an emergency call 112 or 999 straight away.');
    expect(document.body.textContent).not.toMatch(/NHS|999 now/);
  });
});
