import './setup-globals';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { MARKETS } from '@pharmacy/contracts';
import { fail, ok } from '@pharmacy/test-kit';
import { act, screen, waitFor, within } from '@testing-library/react';
import { fakeRemoteModule, renderApp, signedInAs } from './harness';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
  getInstance: jest.fn(() => null),
}));

beforeEach(() => {
  (loadRemote as jest.Mock).mockImplementation(async (id: string) => fakeRemoteModule(id));
});

async function registration() {
  await screen.findByRole('heading', { level: 1, name: 'Our story' }, { timeout: 5000 });
  return within(screen.getByRole('contentinfo')).getByRole('region', { name: 'Our registration' });
}

describe('the footer’s registration block, on every page, from the market', () => {
  it('GB: the premises registration number, the superintendent pharmacist and the GPhC register, labelled as demo details', async () => {
    renderApp('/our-story', signedInAs(null), MARKETS.GB);
    const block = await registration();
    expect(block).toHaveTextContent(
      'Demo details: this is a demonstration shop, not a registered pharmacy. The names, registration numbers and pharmacy addresses here are examples.',
    );
    expect(block).toHaveTextContent('Pharmacy & Care Ltd runs the registered pharmacy Pharmacy & Care Guildford, 112 High Street, Guildford GU1 3HJ (GPhC registration number 1234567).');
    expect(block).toHaveTextContent('Superintendent pharmacist: Priya Shah, GPhC registration number 2012345.');
    expect(block).toHaveTextContent('Phone 01632 960123, email care@pharmacyandcare.example.');
    expect(within(block).getByRole('link', { name: 'Check our registration on the GPhC register' })).toHaveAttribute('href', 'https://www.pharmacyregulation.org/registers');
    // no distance-selling logo is asked of a seller in Great Britain
    expect(within(block).getAllByRole('link').map((l) => l.textContent)).toEqual(['care@pharmacyandcare.example', 'Check our registration on the GPhC register']);
    expect(block).toHaveTextContent('In an emergency call 999. For urgent advice that is not an emergency, call NHS 111 or go to 111.nhs.uk.');
    // what used to stand in for the details is gone
    expect(block).not.toHaveTextContent(/on request|shown on the premises certificate/);
  });

  it('IE: the PSI registration, superintendent and supervising pharmacists, and the EU common logo linked to the PSI list', async () => {
    renderApp('/our-story', signedInAs(null), MARKETS.IE);
    const block = await registration();
    expect(block).toHaveTextContent('runs the registered pharmacy Pharmacy & Care Grafton Street, 21 Grafton Street, Dublin 2, D02 X285 (PSI registration number 4321).');
    expect(block).toHaveTextContent('Superintendent pharmacist: Aoife Byrne, PSI registration number 12345. Supervising pharmacist: Cian Walsh, PSI registration number 23456.');
    expect(within(block).getByRole('link', { name: 'Check our registration on the PSI public registers' })).toHaveAttribute('href', MARKETS.IE.regulation.verify.href);
    expect(within(block).getByRole('link', { name: 'EU common logo: check that we are on the PSI Internet Supply List' })).toHaveAttribute(
      'href',
      'https://psi.ie/registration/internet-supply/internet-supply-overview',
    );
    expect(block).toHaveTextContent('In an emergency call 112 or 999.');
    expect(within(screen.getByRole('contentinfo')).getByText('Prices include VAT at 23%.')).toBeInTheDocument();
  });
});

const ON_DUTY = 'GET /api/account/pharmacist-on-duty';

describe('the footer names the responsible pharmacist on duty (docs/domain.md#responsible-pharmacist)', () => {
  it('names the pharmacist on duty with their GPhC number', async () => {
    renderApp('/our-story', { ...signedInAs(null), [ON_DUTY]: ok({ onDuty: { name: 'Phil Pharmacist', registrationNumber: '2054321', since: '2026-11-26T09:02:00.000Z' } }) }, MARKETS.GB);
    const block = await registration();
    expect(await within(block).findByText('Responsible pharmacist: Phil Pharmacist, GPhC 2054321.')).toBeInTheDocument();
  });

  it('still names the pharmacist while they are away, and says since when (London time) and that pharmacy medicines wait', async () => {
    const onDuty = { name: 'Phil Pharmacist', registrationNumber: '2054321', since: '2027-07-01T08:00:00.000Z', absentSince: '2027-07-01T09:05:00.000Z' };
    renderApp('/our-story', { ...signedInAs(null), [ON_DUTY]: ok({ onDuty }) }, MARKETS.GB);
    const block = await registration();
    expect(
      await within(block).findByText(
        'Responsible pharmacist: Phil Pharmacist, GPhC 2054321. Away from the pharmacy since 10:05: pharmacy medicines and prescriptions wait until they are back.',
      ),
    ).toBeInTheDocument();
  });

  it('says that orders needing a pharmacist wait when nobody is on duty', async () => {
    renderApp('/our-story', { ...signedInAs(null), [ON_DUTY]: ok({ onDuty: null }) }, MARKETS.GB);
    const block = await registration();
    expect(await within(block).findByText('No pharmacist on duty: orders that need a pharmacist wait until one is.')).toBeInTheDocument();
  });

  it('claims nothing either way when the answer cannot be read', async () => {
    const { server } = renderApp('/our-story', { ...signedInAs(null), [ON_DUTY]: fail(503, 'The account service is not answering.', 'UNAVAILABLE') }, MARKETS.GB);
    const block = await registration();
    await waitFor(() => expect(server.callsTo('GET', '/api/account/pharmacist-on-duty')).toHaveLength(1));
    await act(async () => {}); // the refusal settles
    expect(block).not.toHaveTextContent(/Responsible pharmacist:|No pharmacist on duty/);
  });
});
