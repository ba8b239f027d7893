/**
 * Notices of the BOM's runs: shown with the BOM only (never pinned over the Order or Settings views), a success on
 * one line, and the successes of an earlier run gone when the next one starts.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { bomHarness, offer, part, renderAndPrice } from './helpers';

function setUp() {
  return bomHarness(
    [
      ['MPN', 'Manufacturer', 'Qty'],
      ['BAV99', 'Nexperia', 2],
    ],
    [part('BAV99', 'NEX', 'Nexperia', [offer({ sourcePartId: 'E-1' })])],
  );
}

test('"Prices written" is with the BOM, its whole text shown (not cut to one line), and not on the Order or Settings views', async () => {
  const h = setUp();
  await renderAndPrice(h);
  const messages = screen.getByRole('region', { name: 'Messages' });
  const success = within(messages).getByTestId('notice-success');
  expect(success.textContent).toContain('Prices written');
  // The whole text wraps in the message itself: nothing is kept for a hover only.
  expect(success.querySelector('[title]')).toBeNull();
  fireEvent.click(screen.getByRole('tab', { name: 'Order' }));
  expect(screen.queryByRole('region', { name: 'Messages' })).toBeNull();
  fireEvent.click(screen.getByRole('tab', { name: 'Settings' }));
  expect(screen.queryByRole('region', { name: 'Messages' })).toBeNull();
  // Back on the BOM, its PARTS cells panel counts the cells as it opens (asynchronously): the click waits for it.
  await act(async () => {
    fireEvent.click(screen.getByRole('tab', { name: 'BOM' }));
  });
  expect(within(screen.getByRole('region', { name: 'Messages' })).getByText('Prices written')).toBeTruthy();
});

test('the successes of a run go when the next run starts; one message of the new run is left', async () => {
  const h = setUp();
  await renderAndPrice(h);
  act(() => {
    h.controller.notify('success', 'Row 2 now reads BAV99', 'Written in the BOM.', undefined, 'choice');
    h.controller.notify('warning', 'Some earlier results kept', 'E5: you changed this cell since.');
  });
  await act(() => h.controller.price('stale'));
  await waitFor(() => expect(h.controller.getState().phase).toBe('idle'));
  const titles = h.controller.getState().notices.map((n) => n.title);
  // The choice was not the last notice before the run, so it went with the run's other success; the warning stays.
  expect(titles).toEqual(['Some earlier results kept', 'Prices written']);
});
