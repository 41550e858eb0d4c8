import { screen, within } from '@testing-library/react';

/** The orders of My orders (each holds its own timeline, whose steps are list items too). */
export async function orderRows(): Promise<HTMLElement[]> {
  const list = await screen.findByRole('list', { name: 'Your orders' });
  return within(list).getAllByRole('listitem').filter((li) => li.parentElement === list);
}

/** An order's timeline inside `container`: each step's text as read, and the step marked as where the order is now. */
export function timelineIn(container: HTMLElement, number: string) {
  const list = within(container).getByRole('list', { name: `Progress of order ${number}` });
  const steps = within(list).getAllByRole('listitem');
  return {
    list,
    steps: steps.map((li) => li.textContent ?? ''),
    current: steps.filter((li) => li.getAttribute('aria-current') === 'step').map((li) => li.textContent ?? ''),
  };
}
