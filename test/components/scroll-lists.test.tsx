/** Lists that scroll (the order's "Left out", the mapping step's "Skipped" and "To check") can be reached and scrolled by keyboard. */
import { fireEvent, screen, within } from '@testing-library/react';
import { bomHarness, renderPane } from './helpers';
import { openReview, orderHarness } from './order-helpers';

test('the order review’s "Left out" list takes keyboard focus', async () => {
  const h = await orderHarness();
  await openReview(h);
  const list = within(screen.getByTestId('order-left-out')).getByRole('list', { name: /^Cannot be ordered/ });
  expect(list.tabIndex).toBe(0);
  list.focus();
  expect(document.activeElement).toBe(list);
});

test('the mapping step’s "Skipped" list takes keyboard focus', async () => {
  const h = bomHarness([
    ['MPN', 'Qty', 'DNP'],
    ['BAV99', 1, ''],
    ['R-1', 1, 'DNP'],
  ]);
  renderPane(h);
  fireEvent.click(screen.getByRole('button', { name: 'Use selection' }));
  fireEvent.click(await screen.findByRole('button', { name: /^Skipped \(1\)/ }));
  const list = await screen.findByRole('list', { name: 'Skipped lines' });
  expect(list.tabIndex).toBe(0);
});
