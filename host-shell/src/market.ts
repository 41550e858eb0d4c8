import { loadMarket } from '@pharmacy/session';

const NOT_REACHED = 'The shop could not be reached. Check your connection: this page tries again by itself.';

/**
 * The market before the first render (docs/domain.md#market). A page rendered on the server carries it; one rendered
 * in the browser asks for it, and while the network fails asks again (1, 2, 4… up to 10 s apart), saying so on the
 * empty page instead of staying blank.
 */
export async function marketForFirstRender(root: HTMLElement): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await loadMarket();
      if (root.textContent === NOT_REACHED) root.textContent = '';
      return;
    } catch {
      if (!root.firstElementChild) root.textContent = NOT_REACHED;
      await new Promise((resolve) => setTimeout(resolve, Math.min(10_000, 1000 * 2 ** attempt)));
    }
  }
}
