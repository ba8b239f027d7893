import {
  Button,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ArrowSyncRegular } from '@fluentui/react-icons';
import { useEffect, useRef, useState } from 'react';
import { describeProblem } from '../errors';
import type { PaneServices } from '../services';

export interface PricesAgeNoticeProps {
  services: Pick<PaneServices, 'settings' | 'refreshPrices' | 'pricesAsOf' | 'now'>;
}

function when(date: Date): string {
  return date.toLocaleString(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

const useStyles = makeStyles({
  notice: { paddingTop: tokens.spacingVerticalS },
});

type State =
  | { kind: 'none' }
  | { kind: 'old'; asOf: Date; ttlMinutes: number; refreshing: boolean; failure: string | null }
  | { kind: 'refreshed'; at: Date };

/**
 * Excel does not recalculate PARTS functions when a workbook opens, so their cells keep the prices of the day the
 * file was saved. When the pane opens on a workbook whose PARTS values are older than the cache time, it says how
 * old they are and offers "Refresh prices" (the ribbon's command: empty the cache, recalculate every PARTS cell).
 */
export function PricesAgeNotice({ services }: PricesAgeNoticeProps) {
  const c = useStyles();
  const [state, setState] = useState<State>({ kind: 'none' });
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    const asOf = services.pricesAsOf();
    if (asOf) {
      // The cache time is a saved setting: wait for it rather than judge by the default.
      services.settings
        .getSettings()
        .then((settings) => {
          const now = services.now();
          if (mounted.current && now.getTime() - asOf.getTime() > settings.cacheTtlMinutes * 60_000) {
            setState({ kind: 'old', asOf, ttlMinutes: settings.cacheTtlMinutes, refreshing: false, failure: null });
          }
        })
        .catch(() => undefined);
    }
    return () => {
      mounted.current = false;
    };
  }, [services]);

  if (state.kind === 'none') return null;
  if (state.kind === 'refreshed') {
    return (
      <div className={c.notice} role="status">
        <MessageBar intent="success" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>Prices refreshed</MessageBarTitle> Every PARTS function was recalculated with prices looked
            up from {when(state.at)}.
          </MessageBarBody>
        </MessageBar>
      </div>
    );
  }

  const old = state;
  const refresh = async () => {
    setState({ ...old, refreshing: true, failure: null });
    try {
      await services.refreshPrices();
      if (mounted.current) setState({ kind: 'refreshed', at: services.pricesAsOf() ?? services.now() });
    } catch (e) {
      if (mounted.current) setState({ ...old, refreshing: false, failure: describeProblem(e).text });
    }
  };

  return (
    <div className={c.notice} role="region" aria-label="Age of the PARTS prices">
      <MessageBar intent={old.failure === null ? 'warning' : 'error'} layout="multiline">
        <MessageBarBody>
          <MessageBarTitle>Prices as of {when(old.asOf)}</MessageBarTitle> The PARTS functions in this workbook show
          prices looked up then, longer ago than the {old.ttlMinutes} minutes prices are kept; Excel does not
          recalculate them when a workbook opens.
          {old.failure === null ? '' : ` Refreshing failed: ${old.failure}`}
        </MessageBarBody>
        <MessageBarActions>
          {old.refreshing ? (
            <Spinner size="tiny" label="Refreshing…" />
          ) : (
            <Button icon={<ArrowSyncRegular />} onClick={() => void refresh()}>
              Refresh prices
            </Button>
          )}
        </MessageBarActions>
      </MessageBar>
    </div>
  );
}
