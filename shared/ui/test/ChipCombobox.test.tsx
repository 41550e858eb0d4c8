import { useState } from 'react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { ChipCombobox, type ComboboxSuggestion } from '../src/components/ChipCombobox';
import { ThemeProvider } from '../src/theme';

function Harness({ suggest, initial = [], onKeyDown }: { suggest: jest.Mock; initial?: string[]; onKeyDown?: () => void }) {
  const [values, setValues] = useState(initial);
  return (
    <ThemeProvider>
      <div onKeyDown={onKeyDown}>
        <ChipCombobox
          label="Allergies"
          values={values}
          onChange={setValues}
          suggest={suggest}
          noteFor={(v) => (v === 'Zyxel' ? 'Not in our list' : null)}
          maxItems={3}
        />
      </div>
    </ThemeProvider>
  );
}

const type = (box: HTMLElement, value: string) => fireEvent.change(box, { target: { value } });

afterEach(() => jest.useRealTimers());

describe('ChipCombobox', () => {
  it('asks only once typing pauses for 150 ms, with the latest text, and aborts what it asked before', async () => {
    jest.useFakeTimers();
    const suggest = jest.fn((): Promise<ComboboxSuggestion[]> => Promise.resolve([{ value: 'Ibuprofen', description: 'NSAID' }]));
    render(<Harness suggest={suggest} />);
    const box = screen.getByRole('combobox', { name: 'Allergies' });
    fireEvent.focus(box);
    type(box, 'i'); // one letter is not worth asking about
    act(() => jest.advanceTimersByTime(500));
    expect(suggest).not.toHaveBeenCalled();

    type(box, 'ib');
    act(() => jest.advanceTimersByTime(149));
    expect(suggest).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(suggest).toHaveBeenCalledTimes(1);
    const first = suggest.mock.calls[0] as unknown as [string, AbortSignal];
    expect(first[0]).toBe('ib');

    type(box, 'ibu');
    expect(first[1].aborted).toBe(true);
    await act(async () => {
      jest.advanceTimersByTime(150);
    });
    expect(suggest).toHaveBeenLastCalledWith('ibu', expect.any(AbortSignal));
    expect(within(screen.getByRole('listbox')).getByRole('option')).toHaveTextContent('IbuprofenNSAID');
  });

  it('Escape with the list open closes only the list (a dialog around it stays open); a note marks its chip; the limit holds', async () => {
    const suggest = jest.fn(() => Promise.resolve([{ value: 'Ibuprofen' }]));
    const outer = jest.fn();
    render(<Harness suggest={suggest} initial={['Latex', 'Zyxel']} onKeyDown={outer} />);
    const box = screen.getByRole('combobox', { name: 'Allergies' });
    fireEvent.focus(box);
    type(box, 'ibu');
    await screen.findByRole('option', { name: 'Ibuprofen' });
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(outer).not.toHaveBeenCalled();
    fireEvent.keyDown(box, { key: 'Escape' }); // closed: the Escape is the page's
    expect(outer).toHaveBeenCalledTimes(1);

    const chips = within(screen.getByRole('list', { name: 'Your allergies' }));
    expect(chips.getByText('Zyxel').closest('li')).toHaveTextContent('Not in our list');
    expect(chips.getByText('Latex').closest('li')).not.toHaveTextContent('Not in our list');

    type(box, 'Peanut');
    fireEvent.keyDown(box, { key: 'Enter' });
    type(box, 'Lanolin');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(screen.getByRole('alert')).toHaveTextContent('At most 3 entries.');
    expect(chips.queryByText('Lanolin')).not.toBeInTheDocument();
  });
});
