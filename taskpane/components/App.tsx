import { Tab, TabList, makeStyles, tokens } from '@fluentui/react-components';
import { SettingsRegular, TableRegular } from '@fluentui/react-icons';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { PaneController } from '../controller';
import type { PaneServices } from '../services';
import { AmbiguousPicker } from './AmbiguousPicker';
import { MappingEditor } from './MappingEditor';
import { Notices } from './Notices';
import { OverwriteDialog } from './OverwriteDialog';
import { PricePanel } from './PricePanel';
import { SelectionPanel } from './SelectionPanel';
import { SettingsView } from './SettingsView';
import { SummaryPanel } from './SummaryPanel';

export interface AppProps {
  services: PaneServices;
  /** A controller made outside, for tests that drive it; by default one is made from `services`. */
  controller?: PaneController;
}

const useStyles = makeStyles({
  root: {
    boxSizing: 'border-box',
    minHeight: '100vh',
    padding: `0 ${tokens.spacingHorizontalM} ${tokens.spacingVerticalXL}`,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    fontFamily: tokens.fontFamilyBase,
    minWidth: '280px',
    maxWidth: '100%',
  },
  header: {
    position: 'sticky',
    top: 0,
    zIndex: 1,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    flexWrap: 'wrap',
    columnGap: tokens.spacingHorizontalS,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  title: {
    margin: 0,
    fontSize: tokens.fontSizeBase500,
    lineHeight: tokens.lineHeightBase500,
    fontWeight: tokens.fontWeightSemibold,
  },
});

/** The task pane: the BOM flow and the settings, over the services it is given. */
export function App({ services, controller: given }: AppProps) {
  const c = useStyles();
  const controller = useMemo(() => given ?? new PaneController(services), [given, services]);
  useEffect(() => controller.start(), [controller]);
  const state = useSyncExternalStore(controller.subscribe, controller.getState, controller.getState);
  const [view, setView] = useState<'bom' | 'settings'>('bom');
  const busy = state.phase !== 'idle';
  const bom = state.bom;
  const ttl = state.settings?.cacheTtlMinutes ?? 10;

  return (
    <div className={c.root}>
      <header className={c.header}>
        <h1 className={c.title}>Partsheet</h1>
        <TabList selectedValue={view} onTabSelect={(_, data) => setView(data.value as 'bom' | 'settings')} size="small" aria-label="Partsheet views">
          <Tab value="bom" icon={<TableRegular />}>
            BOM
          </Tab>
          <Tab value="settings" icon={<SettingsRegular />}>
            Settings
          </Tab>
        </TabList>
      </header>
      <Notices notices={state.notices} onDismiss={controller.dismiss} onOpenSettings={() => setView('settings')} />
      {view === 'settings' ? (
        <main>
          <SettingsView services={services} />
        </main>
      ) : (
        <main>
          <SelectionPanel bom={bom} busy={busy} reading={state.phase === 'reading'} onUseSelection={() => void controller.useSelection()} />
          {bom && <MappingEditor bom={bom} disabled={busy} onMap={controller.setMapping} onHeaderRow={controller.setHeaderRow} onBoards={controller.setBoards} />}
          {bom && (
            <PricePanel
              phase={state.phase}
              progress={state.progress}
              canPrice={!!bom.read && bom.read.lines.length > 0}
              slowWrite={state.slowWrite}
              onPrice={() => void controller.price('stale')}
              onCancel={controller.cancel}
            />
          )}
          {bom && state.pricing && (
            <SummaryPanel
              pricing={state.pricing}
              boards={bom.boards}
              stale={controller.staleLines()}
              ttlMinutes={ttl}
              busy={busy}
              onRefresh={(mode) => void controller.price(mode)}
            />
          )}
          {bom && state.pricing && (
            <AmbiguousPicker
              lines={state.pricing.lines}
              firstRowNumber={state.pricing.firstRowNumber}
              busy={busy}
              hasManufacturerColumn={bom.mapping.manufacturer !== undefined}
              onPick={(line, candidate) => void controller.pick(line, candidate)}
            />
          )}
        </main>
      )}
      <OverwriteDialog question={state.confirm} onAnswer={controller.answerConfirm} />
    </div>
  );
}
