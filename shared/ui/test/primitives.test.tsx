import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { Button } from '../src/components/Button';
import { Dialog, loadDialogView } from '../src/components/Dialog';
import { EmptyState } from '../src/components/EmptyState';
import { Field } from '../src/components/Field';
import { CartIcon, UserIcon } from '../src/components/Icon';
import { Input } from '../src/components/Input';
import { PageTitle } from '../src/components/PageTitle';
import { Pagination, pagesToShow } from '../src/components/Pagination';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '../src/components/Table';
import { space } from '../src/theme';

describe('theme', () => {
  it('one spacing unit is 0.25rem, so the admin sidebar (64 units) is 16rem', () => {
    expect(space(64)).toBe('16rem');
    expect(space(1)).toBe('0.25rem');
  });
});

describe('icons', () => {
  it('are hidden from assistive technology, so a link keeps the name its text or label gives it', () => {
    render(
      <a href="/cart">
        <CartIcon /> Cart
      </a>,
    );
    expect(screen.getByRole('link', { name: 'Cart' })).toBeInTheDocument();
    render(<UserIcon data-testid="user" />);
    expect(screen.getByTestId('user')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByTestId('user')).toHaveAttribute('focusable', 'false');
  });
});

describe('Button', () => {
  it('is type="button" unless told otherwise, and runs onClick', () => {
    const onClick = jest.fn();
    render(<Button onClick={onClick}>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toHaveAttribute('type', 'button');
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('while loading it is disabled, aria-busy and shows a spinner', () => {
    const onClick = jest.fn();
    render(
      <Button loading onClick={onClick} type="submit">
        Place order
      </Button>,
    );
    const button = screen.getByRole('button', { name: /Place order/ });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveAttribute('type', 'submit');
    expect(screen.getByRole('status')).toHaveTextContent('Please wait');
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('does not leak styling props to the DOM', () => {
    render(
      <Button variant="danger" size="sm" fullWidth>
        Delete
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Delete' });
    expect(button).not.toHaveAttribute('variant');
    expect(button).not.toHaveAttribute('size');
  });
});

describe('Field', () => {
  it('labels the control and links hint and error to it', () => {
    render(
      <Field label="Email" hint="We never share it" error="Enter a valid email address" required>
        <Input type="email" />
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: /Email/ });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toBeRequired();
    expect(input).toHaveAccessibleDescription('We never share it Enter a valid email address');
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a valid email address');
  });

  it('without an error the control is not invalid and keeps its own id', () => {
    render(
      <Field label="First name">
        <Input id="first-name" />
      </Field>,
    );
    const input = screen.getByLabelText('First name');
    expect(input).toHaveAttribute('id', 'first-name');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('Dialog', () => {
  // Its view loads with the first open (Dialog-lazy.test.tsx); loaded here first, these tests assert on what is
  // drawn synchronously.
  beforeAll(() => loadDialogView());

  function UserDetails({ onClosed }: { onClosed: () => void }) {
    const [open, setOpen] = useState(true);
    return (
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) onClosed();
        }}
        title="User Details"
        description="All personal and account information"
      >
        <p>Jane Doe</p>
      </Dialog>
    );
  }

  it('is a modal dialog named by its title and described by its subtitle; the close button closes it', () => {
    const onClosed = jest.fn();
    render(<UserDetails onClosed={onClosed} />);
    const dialog = screen.getByRole('dialog', { name: 'User Details' });
    expect(dialog).toHaveAccessibleDescription('All personal and account information');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClosed).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens on its first field, not on the close button that heads it', () => {
    render(
      <Dialog open title="Edit product">
        <label htmlFor="price">Price</label>
        <input id="price" />
      </Dialog>,
    );
    expect(screen.getByRole('dialog', { name: 'Edit product' })).toContainElement(screen.getByLabelText('Price'));
    expect(screen.getByLabelText('Price')).toHaveFocus();
    // The close button sits in the header, with the title, before the content that scrolls under it.
    expect(screen.getByRole('heading', { name: 'Edit product' }).parentElement).toContainElement(screen.getByRole('button', { name: 'Close' }));
  });

  it('a dialog read first opens on its title, at the top, even with a field further down', () => {
    render(
      <Dialog open initialFocus="title" title="Order details">
        <p>Why it needs a pharmacist</p>
        <label htmlFor="note">Note</label>
        <textarea id="note" />
      </Dialog>,
    );
    expect(screen.getByRole('heading', { name: 'Order details' })).toHaveFocus();
    expect(screen.getByLabelText('Note')).not.toHaveFocus();
    expect(screen.getByRole('dialog').scrollTop).toBe(0);
  });

  it('with nothing to focus inside, the close button gets the focus', () => {
    render(<UserDetails onClosed={jest.fn()} />);
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
  });

  it('Escape closes it', () => {
    const onClosed = jest.fn();
    render(<UserDetails onClosed={onClosed} />);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClosed).toHaveBeenCalledTimes(1);
  });
});

describe('Table, EmptyState, PageTitle', () => {
  it('Table renders a semantic table', () => {
    render(
      <Table aria-label="Users">
        <TableHead>
          <TableRow>
            <TableHeaderCell scope="col">Email</TableHeaderCell>
          </TableRow>
        </TableHead>
        <TableBody>
          <TableRow>
            <TableCell>a@example.com</TableCell>
          </TableRow>
        </TableBody>
      </Table>,
    );
    expect(screen.getByRole('table', { name: 'Users' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Email' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'a@example.com' })).toBeInTheDocument();
  });

  it('EmptyState announces its message and renders the action', () => {
    render(<EmptyState message="No users found" action={<Button>Clear search</Button>} />);
    expect(screen.getByRole('status')).toHaveTextContent('No users found');
    expect(screen.getByRole('button', { name: 'Clear search' })).toBeInTheDocument();
  });

  it('PageTitle renders the h1 and sets the document title', () => {
    act(() => {
      render(<PageTitle>All Users</PageTitle>);
    });
    expect(screen.getByRole('heading', { level: 1, name: 'All Users' })).toBeInTheDocument();
    expect(document.title).toBe('All Users | Pharmacy');
  });
});

describe('Pagination', () => {
  it('shows the first, the last and the pages around the current one, with a gap for what it skips', () => {
    expect(pagesToShow(1, 1)).toEqual([1]);
    expect(pagesToShow(1, 3)).toEqual([1, 2, 3]);
    expect(pagesToShow(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
    expect(pagesToShow(10, 10)).toEqual([1, 'gap', 9, 10]);
  });

  it('names its landmark, marks the current page and moves by Previous, Next or a number', () => {
    const onPage = jest.fn();
    render(<Pagination label="Orders pages" page={1} limit={20} total={45} onPage={onPage} />);
    const nav = screen.getByRole('navigation', { name: 'Orders pages' });
    expect(nav).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(onPage.mock.calls).toEqual([[2], [3]]);
  });

  it('disables Next on the last page and renders nothing when one page holds everything', () => {
    const { rerender } = render(<Pagination page={3} limit={20} total={45} onPage={() => {}} />);
    expect(screen.getByRole('navigation', { name: 'Pages' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    rerender(<Pagination page={1} limit={20} total={20} onPage={() => {}} />);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});
