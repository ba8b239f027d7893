import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SettingsError } from '../../src/settings';
import { CatalogError } from '../../src/catalog';
import { bomHarness, offer, part, renderPane, resultsRange } from './helpers';

function setUp() {
  return bomHarness(
    [
      ['MPN', 'Manufacturer', 'Qty'],
      ['BAV99', 'Nexperia', 2],
      ['LM358DR', 'TI', 1],
    ],
    [
      part('BAV99', 'NEX', 'Nexperia', [offer({ sourcePartId: 'E-1' })]),
      part('LM358DR', 'TI', 'Texas Instruments', [offer({ sourcePartId: 'E-2' })]),
    ],
    { select: 'B2' },
  );
}

async function useSelectionAndPrice() {
  fireEvent.click(screen.getByRole('button', { name: 'Use selection' }));
  await screen.findByTestId('bom-counts');
  fireEvent.click(screen.getByRole('button', { name: 'Price BOM' }));
}

describe('never over the user’s cells without asking', () => {
  test('a filled cell where the results go opens a dialog; "Use empty columns" writes further right', async () => {
    const h = setUp();
    h.book.setValues('BOM', 'G2', [['my note']]);
    renderPane(h);
    await useSelectionAndPrice();
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain(`BOM!${resultsRange(1, 3)}`);
    expect(dialog.textContent).toContain('BOM!G2');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Use empty columns', hidden: true }));
    await screen.findByText('Prices written');
    expect(h.book.getValues('BOM', 'G2')[0][0]).toBe('my note');
    expect(h.book.getValues('BOM', 'H1:H2')).toEqual([['Status'], ['priced']]);
    expect(h.book.getValues('BOM', 'E1')[0][0]).toBe('');
  });

  test('"Don’t write" leaves the sheet as it was', async () => {
    const h = setUp();
    h.book.setValues('BOM', 'F3', [['keep']]);
    renderPane(h);
    await useSelectionAndPrice();
    const dialog = await screen.findByRole('alertdialog');
    const before = h.book.snapshot();
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Don’t write', hidden: true }));
    await screen.findByText('Nothing written');
    expect(h.book.snapshot()).toEqual(before);
    expect(h.book.sheetNames()).toEqual(['BOM']);
  });
});

describe('errors in buyer words', () => {
  test('a refused login writes nothing, says why and offers the settings; the pane does not spin', async () => {
    const h = setUp();
    h.catalog.failWith = new CatalogError('auth', 'API key rejected — check the login and API key in settings');
    renderPane(h);
    await useSelectionAndPrice();
    expect(await screen.findByText('Nothing written: the parts service refused the login')).toBeTruthy();
    expect(screen.getByText(/API key rejected/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Price BOM' }) as HTMLButtonElement).disabled).toBe(false);
    expect(h.book.getValues('BOM', 'E2')[0][0]).toBe('');
    fireEvent.click(screen.getAllByRole('button', { name: 'Open settings' })[0]);
    expect(await screen.findByLabelText('API key')).toBeTruthy();
  });

  test('settings that cannot be used are said before anything is sent', async () => {
    const h = setUp();
    h.services.getScheduler = async () => {
      throw new SettingsError(
        'itemBaseUrl',
        'Give the production parts service address (https://…) in Partsheet settings',
      );
    };
    renderPane(h);
    await useSelectionAndPrice();
    expect(await screen.findByText('Check the settings')).toBeTruthy();
    expect(screen.getByText(/Give the production parts service address/)).toBeTruthy();
    await waitFor(() => expect(h.controller.getState().phase).toBe('idle'));
    expect(h.catalog.requests).toHaveLength(0);
    expect(h.book.getValues('BOM', 'E1')[0][0]).toBe('');
  });
});
