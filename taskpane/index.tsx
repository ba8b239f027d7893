/// <reference types="office-js" />
/**
 * The task pane's entry: once Office is ready, the app under a FluentProvider in Office's light or dark theme.
 */
import { FluentProvider, webDarkTheme, webLightTheme } from '@fluentui/react-components';
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { officeServices, prefersDark } from './adapters/office';
import { App } from './components/App';
import { type PaneControllers, paneControllers } from './controllers';
import type { PaneServices } from './services';

function Root({ services, controllers }: { services: PaneServices; controllers: PaneControllers }) {
  const [dark, setDark] = useState(prefersDark);
  useEffect(() => {
    const media = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null;
    const update = () => setDark(prefersDark());
    media?.addEventListener('change', update);
    const timer = setInterval(update, 5000);
    return () => {
      media?.removeEventListener('change', update);
      clearInterval(timer);
    };
  }, []);
  useEffect(() => {
    document.body.style.margin = '0';
    document.body.style.backgroundColor = dark ? '#292929' : '#ffffff';
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  }, [dark]);
  return (
    <FluentProvider theme={dark ? webDarkTheme : webLightTheme}>
      <App services={services} controllers={controllers} />
    </FluentProvider>
  );
}

function mount(): void {
  const element = document.getElementById('root');
  if (!element || element.dataset.mounted) return;
  element.dataset.mounted = 'true';
  const services = officeServices();
  createRoot(element).render(
    <StrictMode>
      <Root services={services} controllers={paneControllers(services)} />
    </StrictMode>,
  );
}

if (typeof Office !== 'undefined' && typeof Office.onReady === 'function') {
  void Office.onReady(() => mount());
} else {
  mount();
}
