import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MARKETS, type AddressInput } from '@pharmacy/contracts';
import { renderWithStore } from '@pharmacy/test-kit';
import { AddressForm } from '../src/address/AddressForm';

function form(market = MARKETS.GB, initial?: Partial<AddressInput>) {
  const saved: AddressInput[] = [];
  renderWithStore(<AddressForm submitLabel="Save address" initial={initial} onSubmit={async (a) => void saved.push(a)} />, { market });
  return { saved, user: userEvent.setup() };
}
const field = (name: string | RegExp) => screen.getByRole('textbox', { name });

describe('AddressForm in the default market (GB)', () => {
  it('asks for a UK address: the market’s labels, which parts are optional, the country it delivers in', () => {
    form();
    for (const label of ['Full name', 'Address line 1', 'Address line 2 (optional)', 'Town or city', 'County (optional)', 'Postcode', 'Phone']) {
      expect(screen.getByLabelText(new RegExp(`^${label.replace(/[()]/g, '\\$&')}`))).toBeInTheDocument();
    }
    expect(field(/^Postcode/)).toBeRequired();
    expect(field(/^County/)).not.toBeRequired();
    expect(field(/^Postcode/)).toHaveAccessibleDescription('For example SW1A 1AA');
    expect(field('Country')).toHaveValue('United Kingdom');
    expect(field('Country')).toHaveAttribute('readonly');
    expect(field('Country')).toHaveAccessibleDescription('We deliver to England, Scotland and Wales.');
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('checks the postcode and the phone as the shopper types, with the service’s words', async () => {
    const { user } = form();
    await user.type(field(/^Postcode/), '90210');
    expect(screen.getByText('Enter a UK postcode, like SW1A 1AA.')).toBeInTheDocument();
    await user.clear(field(/^Postcode/));
    await user.type(field(/^Postcode/), 'sw1a1aa');
    expect(screen.queryByText('Enter a UK postcode, like SW1A 1AA.')).not.toBeInTheDocument();
    await user.type(field(/^Phone/), '+1 703 555 0100');
    expect(screen.getByText('Enter a UK phone number, like 07700 900123 or +44 20 7946 0958.')).toBeInTheDocument();
  });

  it('says what is missing on submit and sends nothing; a complete address is sent cleaned, in the market’s shape', async () => {
    const { saved, user } = form();
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    for (const message of ['Full name is required.', 'Address line 1 is required.', 'Town or city is required.', 'Postcode is required.']) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    expect(saved).toEqual([]);

    await user.type(field(/^Full name/), 'Ravi  Patel');
    await user.type(field(/^Address line 1/), '3 Mill Road');
    await user.type(field(/^Town or city/), 'Leeds');
    await user.type(field(/^Postcode/), 'ls15ab');
    await user.type(field(/^Phone/), '0113 496 0000');
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect(saved).toEqual([
      { fullName: 'Ravi Patel', line1: '3 Mill Road', line2: '', city: 'Leeds', region: '', postalCode: 'LS1 5AB', country: 'GB', phone: '0113 496 0000', notes: '' },
    ]);
  });

  it('edits an address saved before the county and second line existed', async () => {
    const { saved, user } = form(MARKETS.GB, { fullName: 'Ada Lovelace', line1: '1 Main Street', city: 'London', postalCode: 'N1 9GU', phone: '020 7946 0000' });
    expect(field(/^Address line 2/)).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect(saved[0]).toMatchObject({ line1: '1 Main Street', line2: '', region: '', postalCode: 'N1 9GU' });
  });
});

describe('AddressForm in a second market (IE)', () => {
  it('asks for the county from the market’s list and an Eircode, in Ireland', async () => {
    const { saved, user } = form(MARKETS.IE);
    const county = screen.getByRole('combobox', { name: /^County/ });
    expect(county).toBeRequired();
    expect(screen.getAllByRole('option')).toHaveLength(27); // "Choose…" and the 26 counties
    expect(field(/^Eircode/)).toHaveAccessibleDescription('For example D02 X285');
    expect(field('Country')).toHaveValue('Ireland');
    expect(screen.queryByLabelText(/^Postcode/)).not.toBeInTheDocument();

    await user.type(field(/^Full name/), 'Aoife Byrne');
    await user.type(field(/^Address line 1/), '80 Saint Patrick Street');
    await user.type(field(/^Town or city/), 'Cork');
    await user.type(field(/^Eircode/), 'SW1A 1AA');
    expect(screen.getByText('Enter an Eircode, like D02 X285.')).toBeInTheDocument();
    await user.clear(field(/^Eircode/));
    await user.type(field(/^Eircode/), 't12k8af');
    await user.type(field(/^Phone/), '07700 900123');
    expect(screen.getByText('Enter an Irish phone number, like 087 123 4567 or +353 1 234 5678.')).toBeInTheDocument();
    await user.clear(field(/^Phone/));
    await user.type(field(/^Phone/), '021 123 4567');
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect(screen.getByText('County is required.')).toBeInTheDocument();
    expect(saved).toEqual([]);

    await user.selectOptions(county, 'Cork');
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect(saved).toEqual([
      { fullName: 'Aoife Byrne', line1: '80 Saint Patrick Street', line2: '', city: 'Cork', region: 'Cork', postalCode: 'T12 K8AF', country: 'IE', phone: '021 123 4567', notes: '' },
    ]);
  });
});
