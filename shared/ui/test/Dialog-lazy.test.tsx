import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dialog, DialogClose } from '../src/components/Dialog';

// A page whose dialogs stay closed must not load Radix Dialog and its styles: they come with the first open. This
// file's modules are its own (jest), so the view starts unloaded; DialogView's real code runs and is only observed
// to see when it loads.
let mockLoads = 0;
jest.mock('../src/components/DialogView', () => {
  mockLoads++;
  return jest.requireActual('../src/components/DialogView');
});

const settle = () => act(async () => new Promise((r) => setTimeout(r, 20)));

function DeleteAccount({ onOpenChange }: { onOpenChange?: (open: boolean) => void }) {
  return (
    <Dialog trigger={<button>Delete account</button>} title="Delete your account?" description="This cannot be undone." onOpenChange={onOpenChange}>
      <DialogClose asChild>
        <button>Keep my account</button>
      </DialogClose>
      <button>Delete</button>
    </Dialog>
  );
}

describe('Dialog before and at its first open', () => {
  it('closed, it renders only its trigger, marked as opening a dialog, and loads nothing', async () => {
    render(<DeleteAccount />);
    const trigger = screen.getByRole('button', { name: 'Delete account' });
    expect(trigger).toHaveAttribute('aria-haspopup', 'dialog');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(trigger).toHaveAttribute('type', 'button');
    expect(trigger).not.toHaveAttribute('aria-controls');
    await settle();
    expect(mockLoads).toBe(0);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('the first click loads it and opens it on its first button, the trigger staying the same element', async () => {
    const user = userEvent.setup();
    const onOpenChange = jest.fn();
    render(<DeleteAccount onOpenChange={onOpenChange} />);
    const trigger = screen.getByRole('button', { name: 'Delete account' });
    await user.click(trigger);
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    expect(mockLoads).toBe(1);
    expect(onOpenChange).toHaveBeenLastCalledWith(true);
    expect(dialog).toHaveAccessibleDescription('This cannot be undone.');
    expect(screen.getByRole('button', { name: 'Keep my account' })).toHaveFocus();
    // the same node, now naming the dialog it controls
    expect(screen.getByRole('button', { name: 'Delete account', hidden: true })).toBe(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(trigger).toHaveAttribute('aria-controls', dialog.id);
    // focus is trapped inside: Tab from the last button wraps to the close button, not to the page
    await user.tab();
    await user.tab();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  });

  it('Escape closes it and focus goes back to the trigger; DialogClose closes it too', async () => {
    const user = userEvent.setup();
    const onOpenChange = jest.fn();
    render(<DeleteAccount onOpenChange={onOpenChange} />);
    const trigger = screen.getByRole('button', { name: 'Delete account' });
    await user.click(trigger);
    fireEvent.keyDown(await screen.findByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
    // Radix moves focus back a task after the dialog unmounts
    await waitFor(() => expect(trigger).toHaveFocus());
    expect(trigger).toHaveAttribute('aria-expanded', 'false');

    // loaded now: opening again is immediate
    await user.click(trigger);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Keep my account' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(trigger).toHaveFocus());
    expect(mockLoads).toBe(1);
  });

  it("a trigger's own click handler runs first and can keep the dialog closed", async () => {
    const user = userEvent.setup();
    render(
      <Dialog trigger={<button onClick={(e) => e.preventDefault()}>Locked</button>} title="Never">
        <p>never shown</p>
      </Dialog>,
    );
    await user.click(screen.getByRole('button', { name: 'Locked' }));
    await settle();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
