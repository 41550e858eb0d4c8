import { render, screen, within } from '@testing-library/react';
import { ChoiceGroup } from '../src/components/ChoiceGroup';
import { PlainList } from '../src/components/PlainList';
import { Options, Select } from '../src/components/Select';
import { ThemeProvider } from '../src/theme';

describe('choices', () => {
  it('Options lists an {id, label} list in its order, the id as the value', () => {
    render(
      <Select aria-label="Sort by" defaultValue="b">
        <Options items={[{ id: 'a', label: 'First' }, { id: 'b', label: 'Second' }]} />
      </Select>,
    );
    const select = screen.getByRole('combobox', { name: 'Sort by' });
    expect(within(select).getAllByRole('option').map((o) => [o.getAttribute('value'), o.textContent])).toEqual([['a', 'First'], ['b', 'Second']]);
    expect(select).toHaveValue('b');
  });

  it('ChoiceGroup is a group named by its legend, with labels tall enough to hit, stacked or inline', () => {
    render(
      <ThemeProvider>
        <ChoiceGroup>
          <legend>Brand</legend>
          <label>
            <input type="checkbox" /> CareWell
          </label>
        </ChoiceGroup>
        <ChoiceGroup $inline>
          <legend>Your rating</legend>
          <label>
            <input type="radio" name="r" /> 1 star
          </label>
        </ChoiceGroup>
      </ThemeProvider>,
    );
    expect(screen.getByRole('group', { name: 'Brand' })).toBeInTheDocument();
    expect(screen.getByText('CareWell').closest('label')).toHaveStyle({ display: 'flex', minHeight: '2rem' });
    expect(screen.getByText('1 star').closest('label')).toHaveStyle({ display: 'inline-flex' });
  });

  it('PlainList drops bullets and indent and spaces its items by the gap asked for', () => {
    render(
      <PlainList $gap={4} aria-label="Items">
        <li>One</li>
      </PlainList>,
    );
    expect(screen.getByRole('list', { name: 'Items' })).toHaveStyle({ listStyle: 'none', paddingLeft: '0px', gap: '1rem' });
  });
});
