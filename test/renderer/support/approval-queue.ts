import { fireEvent, within } from '@testing-library/react'

/**
 * Opens every request waiting as a one-line summary (approval-queue.tsx), for tests about the cards
 * themselves rather than about which one is open.
 */
export function openQueuedCards(container: HTMLElement = document.body): void {
  for (const summary of within(container).queryAllByTestId('approval-summary')) {
    fireEvent.click(within(summary).getByRole('button'))
  }
}
