import { fireEvent, screen, waitFor } from '@testing-library/react';
import { JSONP_CAVEAT } from '../../taskpane/components/SettingsView';
import { SettingsController } from '../../taskpane/settings/controller';
import { renderSettings, settingsPort } from './helpers';

describe('settings for a production service', () => {
  test('JSONP searches are off by default, with the trust caveat beside the switch; turning them on saves', async () => {
    const { settings } = renderSettings();
    const toggle = (await screen.findByRole('switch')) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    expect(screen.getByText(JSONP_CAVEAT)).toBeTruthy();
    expect(JSONP_CAVEAT).toMatch(/runs as script inside the add-in/);
    expect(JSONP_CAVEAT).toMatch(/only for a parts service host you trust/);
    expect(JSONP_CAVEAT).toMatch(/ordering still needs the Partsheet gateway/);
    fireEvent.click(toggle);
    expect(toggle.checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(/Saved\./);
    expect(settings.current.jsonpSearches).toBe(true);
  });

  test('the test checkout address is its own setting, kept whatever the parts service address', async () => {
    const { settings } = renderSettings({
      environment: 'production',
      itemBaseUrl: 'https://parts.example.com',
      checkoutBaseUrl: 'https://shop.example.com',
      login: 'buyer',
      apiKey: 'k',
    });
    const field = (await screen.findByLabelText('Test checkout address')) as HTMLInputElement;
    expect(field.value).toBe('');
    fireEvent.change(field, { target: { value: 'https://test-shop.example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(/Saved\./);
    expect(settings.current).toMatchObject({
      itemBaseUrl: 'https://parts.example.com',
      checkoutBaseUrl: 'https://shop.example.com',
      testCheckoutBaseUrl: 'https://test-shop.example.com',
    });

    fireEvent.change(field, { target: { value: 'http://test-shop.example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText(/test checkout address .* uses plain http/)).length).toBeGreaterThan(0);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(settings.current.testCheckoutBaseUrl).toBe('https://test-shop.example.com');
  });

  test('the gateway token is masked, saved beside the API key, tested with the rest, and never shown as text', async () => {
    const { settings, tested, view } = renderSettings();
    const token = (await screen.findByLabelText('Gateway token')) as HTMLInputElement;
    expect(token.type).toBe('password');
    // Its words are for the buyer: no file of the project's sources is named beside it.
    expect(token.closest('.fui-Field')?.textContent).not.toMatch(/docs\/|\.md\b/);
    fireEvent.change(token, { target: { value: 'pst_7f3a9c1e5b' } });
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    await waitFor(() => expect(tested).toHaveLength(1));
    expect(tested[0].gatewayToken).toBe('pst_7f3a9c1e5b');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(/Saved\./);
    expect(settings.current.gatewayToken).toBe('pst_7f3a9c1e5b');
    expect(view.container.textContent).not.toContain('pst_7f3a9c1e5b');

    fireEvent.change(token, { target: { value: 'has a space' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText(/gateway token is letters, digits and punctuation/)).length).toBeGreaterThan(0);
    expect(settings.current.gatewayToken).toBe('pst_7f3a9c1e5b');
  });

  test('the controller alone: edits clear their field error, a stopped view drops late answers', async () => {
    const settings = settingsPort();
    const controller = new SettingsController({ settings, testConnection: async () => [] });
    const stop = controller.start();
    await waitFor(() => expect(controller.getState().form).not.toBeNull());
    controller.update({ gatewayToken: 'bad token' });
    await controller.save();
    expect(controller.getState().errors.gatewayToken).toMatch(/gateway token/);
    controller.update({ gatewayToken: 'good' });
    expect(controller.getState().errors).toEqual({});
    stop();
    await controller.save();
    expect(settings.current.gatewayToken).toBe('good');
    expect(controller.getState().saved).toBeNull();
  });
});
