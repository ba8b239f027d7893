import { FluentProvider, webDarkTheme } from '@fluentui/react-components';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createRuntime, SETTINGS_KEY } from '../../addin/runtime';
import { SettingsView } from '../../taskpane/components/SettingsView';
import type { ConnectionStep } from '../../taskpane/connection';
import { renderSettings } from './helpers';

describe('settings', () => {
  test('every control has a label, and the stored values are shown', async () => {
    renderSettings({ currency: 'EUR', cacheTtlMinutes: 30, sources: ['ACNA', 'EUROPE'] });
    expect(((await screen.findByLabelText('Environment')) as HTMLSelectElement).value).toBe('local');
    expect((screen.getByLabelText('Parts service address') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Login') as HTMLInputElement).value).toBe('demo');
    expect((screen.getByLabelText('API key') as HTMLInputElement).type).toBe('password');
    expect((screen.getByLabelText('Currency') as HTMLInputElement).value).toBe('EUR');
    expect((screen.getByLabelText('API version') as HTMLSelectElement).value).toBe('v4');
    expect((screen.getByLabelText('Sources to use') as HTMLInputElement).value).toBe('ACNA, EUROPE');
    expect((screen.getByLabelText('Keep prices for (minutes)') as HTMLInputElement).value).toBe('30');
    expect(screen.getByText(/never in the workbook/)).toBeTruthy();
  });

  test('choosing an environment fills in its addresses; Save stores what is on screen', async () => {
    const { settings } = renderSettings();
    fireEvent.change(await screen.findByLabelText('Environment'), { target: { value: 'test' } });
    expect((screen.getByLabelText('Parts service address') as HTMLInputElement).value).toBe('/test-env');
    expect((screen.getByLabelText('Checkout address') as HTMLInputElement).value).toBe('/test-env');
    fireEvent.change(screen.getByLabelText('Currency'), { target: { value: 'gbp' } });
    fireEvent.change(screen.getByLabelText('Sources to use'), { target: { value: 'acna; europe' } });
    fireEvent.change(screen.getByLabelText('Keep prices for (minutes)'), { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText('API version'), { target: { value: 'v3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(/Saved\. New lookups use these settings\./);
    expect(settings.current).toMatchObject({
      environment: 'test',
      itemBaseUrl: '/test-env',
      currency: 'GBP',
      sources: ['ACNA', 'EUROPE'],
      cacheTtlMinutes: 5,
      apiVersion: 'v3',
      login: 'demo',
    });
  });

  test('a setting that cannot be used is named at its field and nothing is saved', async () => {
    const { settings } = renderSettings();
    fireEvent.change(await screen.findByLabelText('Environment'), { target: { value: 'production' } });
    expect((screen.getByLabelText('Login') as HTMLInputElement).value).toBe('');
    fireEvent.change(screen.getByLabelText('Parts service address'), { target: { value: 'http://parts.example.com' } });
    fireEvent.change(screen.getByLabelText('Login'), { target: { value: 'buyer' } });
    fireEvent.change(screen.getByLabelText('API key'), { target: { value: 'secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const messages = await screen.findAllByText(/uses plain http/);
    expect(messages.length).toBeGreaterThan(0);
    expect(screen.getByLabelText('Parts service address').getAttribute('aria-invalid')).toBe('true');
    expect(settings.current.environment).toBe('local');
  });

  test('Test connection checks the settings on screen and says what works, step by step', async () => {
    const steps: ConnectionStep[] = [
      { id: 'address', label: 'Parts service address', state: 'ok', detail: 'https://localhost:3000/itemservice' },
      { id: 'credentials', label: 'Login and API key given', state: 'ok', detail: 'Login "demo".' },
      { id: 'reach', label: 'Parts service reachable', state: 'ok', detail: 'The service answered.' },
      {
        id: 'login',
        label: 'Login and API key accepted',
        state: 'failed',
        detail: 'API key rejected — check the login and API key in settings',
      },
      { id: 'search', label: 'Part search', state: 'skipped', detail: 'Not checked: an earlier step failed.' },
    ];
    const { tested } = renderSettings({}, steps);
    fireEvent.change(await screen.findByLabelText('API key'), { target: { value: 'wrong-key' } });
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    const list = await screen.findByRole('list', { name: 'Connection test results' });
    const items = Array.from(list.querySelectorAll('li')).map((li) => li.textContent);
    expect(items).toEqual([
      'Parts service address: workshttps://localhost:3000/itemservice',
      'Login and API key given: worksLogin "demo".',
      'Parts service reachable: worksThe service answered.',
      'Login and API key accepted: failedAPI key rejected — check the login and API key in settings',
      'Part search: not checkedNot checked: an earlier step failed.',
    ]);
    expect(tested[0].apiKey).toBe('wrong-key');
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Test connection' }) as HTMLButtonElement).disabled).toBe(false),
    );
  });

  test('while storage is slow the view says it is loading settings and offers no Save; the saved ones then show and save', async () => {
    jest.useFakeTimers();
    try {
      const saved = {
        environment: 'production',
        itemBaseUrl: 'https://parts.example.com',
        checkoutBaseUrl: '',
        login: 'buyer',
        apiKey: 'k-123',
      };
      const items = new Map([[SETTINGS_KEY, JSON.stringify(saved)]]);
      const writes: string[] = [];
      let reads = 0;
      // The first read answers after 6 s; the ones started beside it hang, as a busy Office does.
      const runtime = createRuntime({
        storage: {
          getItem: (key) =>
            ++reads === 1
              ? new Promise((resolve) => setTimeout(() => resolve(items.get(key) ?? null), 6000))
              : new Promise(() => {}),
          setItem: async (key, value) => {
            writes.push(value);
            items.set(key, value);
          },
        },
        origin: 'https://localhost:3000',
      });
      render(
        <FluentProvider theme={webDarkTheme}>
          <SettingsView services={{ settings: runtime, testConnection: async () => [] }} />
        </FluentProvider>,
      );
      expect(screen.getByText('Loading settings…')).toBeTruthy();
      expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
      expect(screen.queryByLabelText('Login')).toBeNull();
      await act(async () => void jest.advanceTimersByTime(5999));
      expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);

      await act(async () => void jest.advanceTimersByTime(1));
      expect((screen.getByLabelText('Login') as HTMLInputElement).value).toBe('buyer');
      expect((screen.getByLabelText('Environment') as HTMLSelectElement).value).toBe('production');
      expect((screen.getByLabelText('Parts service address') as HTMLInputElement).value).toBe(
        'https://parts.example.com',
      );
      expect(writes).toEqual([]);
      fireEvent.change(screen.getByLabelText('Currency'), { target: { value: 'eur' } });
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      await act(async () => void jest.advanceTimersByTime(0));
      expect(writes).toHaveLength(1);
      expect(JSON.parse(items.get(SETTINGS_KEY)!)).toMatchObject({ ...saved, currency: 'EUR' });
    } finally {
      jest.useRealTimers();
    }
  });
});
