import { Button, Tab, makeStyles, tokens } from '@fluentui/react-components';
import { BoxMultipleRegular, CartRegular, SettingsRegular, TableRegular } from '@fluentui/react-icons';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { PaneControllers } from '../controllers';
import type { BomView, PricingView } from '../pane-state';
import type { PaneServices } from '../services';
import { AmbiguousPicker } from './AmbiguousPicker';
import { MappingEditor } from './MappingEditor';
import { Notices } from './Notices';
import { OrderView } from './OrderView';
import { OverwriteDialog } from './OverwriteDialog';
import { PaneTabs } from './PaneTabs';
import { PricePanel } from './PricePanel';
import { PaneNeedBy } from './NeedByField';
import { BuildDates } from './BuildDates';
import { PricesAgeNotice } from './PricesAgeNotice';
import { PartsCellsPanel } from './PartsCellsPanel';
import { ProblemRows } from './ProblemRows';
import { FinishedSteps, SelectionPanel } from './SelectionPanel';
import { SettingsView } from './SettingsView';
import { SeveralBomsView } from './SeveralBomsView';
import { SummaryPanel } from './SummaryPanel';
import { ShareSafeCopy } from './ShareSafeCopy';
import { ScenariosPanel } from './ScenariosPanel';
import { ScenariosJump } from './ScenariosJump';
import { SuggestionsEntry, SuggestionsView } from './SuggestionsView';
import { SuggestionsController } from '../suggestions';
import { useSectionStyles } from './styles';

export interface AppProps {
  services: PaneServices;
  /** The pane's controllers, made over `services` (taskpane/controllers.ts paneControllers). */
  controllers: PaneControllers;
}

type View = 'bom' | 'several' | 'order' | 'settings';

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
  /** The header stays in view while the results scroll; notices scroll with the view they belong to. */
  top: {
    position: 'sticky',
    top: 0,
    zIndex: 2,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  header: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    flexWrap: 'wrap',
    columnGap: tokens.spacingHorizontalS,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  notices: {
    minWidth: 0,
  },
  /** At a narrow pane's width the tabs keep their words and drop their icons, so the four fit on one line. */
  tabs: {
    '@media (max-width: 420px)': {
      '& .fui-Tab__icon': { display: 'none' },
    },
  },
  title: {
    margin: 0,
    fontSize: tokens.fontSizeBase500,
    lineHeight: tokens.lineHeightBase500,
    fontWeight: tokens.fontWeightSemibold,
  },
});

/** The pane's controllers and their states, the view shown, and what the BOM view has open. */
function usePane({ services, controllers }: AppProps) {
  const { pane: controller, order, purchase } = controllers;
  const suggestions = useMemo(() => new SuggestionsController(services, controller), [services, controller]);
  const suggestState = useSyncExternalStore(suggestions.subscribe, suggestions.getState, suggestions.getState);
  // The Suggestions view in place of the BOM view: every problem line ('all'), or one line's (its row in the BOM).
  const [suggestFor, setSuggestFor] = useState<number | 'all' | null>(null);
  useEffect(() => controller.start(), [controller]);
  useEffect(() => order.start(), [order]);
  useEffect(() => purchase.start(), [purchase]);
  const purchaseState = useSyncExternalStore(purchase.subscribe, purchase.getState, purchase.getState);
  const state = useSyncExternalStore(controller.subscribe, controller.getState, controller.getState);
  const orderState = useSyncExternalStore(order.subscribe, order.getState, order.getState);
  const [view, setView] = useState<View>('bom');
  const priced = state.pricing !== null;
  useEffect(() => {
    // A new selection drops the results: the view of their suggestions closes with them.
    if (!priced) setSuggestFor(null);
  }, [priced]);
  // Steps 1 and 2 fold once the BOM is priced; the user opens them to change the BOM, its columns or the boards.
  const [stepsOpen, setStepsOpen] = useState(false);
  return {
    services,
    controller,
    order,
    suggestions,
    suggestState,
    suggestFor,
    setSuggestFor,
    purchase,
    purchaseState,
    state,
    orderState,
    view,
    setView,
    stepsOpen,
    setStepsOpen,
    busy: state.phase !== 'idle',
  };
}

type Pane = ReturnType<typeof usePane>;

/** The title and the view tabs, kept in view while the results scroll. */
function PaneHeader({ view, setView }: Pick<Pane, 'view' | 'setView'>) {
  const c = useStyles();
  return (
    <div className={c.top}>
      <header className={c.header}>
        <h1 className={c.title}>Partsheet</h1>
        <PaneTabs
          className={c.tabs}
          selectedValue={view}
          onTabSelect={(_, data) => setView(data.value as View)}
          size="small"
          aria-label="Partsheet views"
        >
          <Tab value="bom" icon={<TableRegular />} tabIndex={view === 'bom' ? 0 : -1}>
            BOM
          </Tab>
          <Tab value="order" icon={<CartRegular />} tabIndex={view === 'order' ? 0 : -1}>
            Order
          </Tab>
          {/* Buying for several BOMs; after Order, so the arrow keys still go BOM → Order and a BOM tab is the only one named "BOM". */}
          <Tab value="several" icon={<BoxMultipleRegular />} tabIndex={view === 'several' ? 0 : -1}>
            Purchase
          </Tab>
          <Tab value="settings" icon={<SettingsRegular />} tabIndex={view === 'settings' ? 0 : -1}>
            Settings
          </Tab>
        </PaneTabs>
      </header>
    </div>
  );
}

/** Step 4: go to the Order view with the rows selected in the sheet. */
function OrderStep({ pane }: { pane: Pane }) {
  const s = useSectionStyles();
  return (
    <section className={s.section} aria-labelledby="order-step-heading">
      <h2 id="order-step-heading" className={s.heading}>
        4. Order
      </h2>
      <p className={s.text}>Select the priced rows to order in the sheet, then:</p>
      <div className={s.row}>
        <Button
          icon={<CartRegular />}
          disabled={pane.busy}
          onClick={() => {
            pane.setView('order');
            void pane.order.readSelection();
          }}
        >
          Order selected rows
        </Button>
      </div>
    </section>
  );
}

/** A priced BOM's results: the summary with its problem rows, suggestions, scenarios and ambiguous parts. */
function BomResults({ pane, bom, pricing }: { pane: Pane; bom: BomView; pricing: PricingView }) {
  const { controller, busy } = pane;
  const ttl = pane.state.settings?.cacheTtlMinutes ?? 10;
  return (
    <>
      <ScenariosJump pricing={pricing} />
      <SummaryPanel
        pricing={pricing}
        boards={pricing.boards}
        stale={controller.staleLines()}
        ttlMinutes={ttl}
        busy={busy}
        onRefresh={(mode) => void controller.price(mode)}
        needByNow={pane.state.settings?.needBy ?? ''}
        rowsOf={(kind) => (
          <ProblemRows
            kind={kind}
            lines={pricing.lines}
            firstRowNumber={pricing.firstRowNumber}
            plan={pricing.plan}
            busy={busy}
            pinnedOf={(line) =>
              bom.mapping.offer === undefined ? '' : String(bom.cells[line.row]?.[bom.mapping.offer] ?? '')
            }
            describedAs={(line) =>
              bom.mapping.description === undefined ? '' : String(bom.cells[line.row]?.[bom.mapping.description] ?? '')
            }
            onSelect={(line) => void controller.selectLine(line)}
            onSearch={controller.searchParts}
            onReplace={(line, part) => void controller.replace(line, part)}
            onPin={(line, offer, effect) => void controller.pin(line, offer, effect)}
            onSuggest={(line) => pane.setSuggestFor(line.row)}
          />
        )}
      />
      {pricing.schedule && (
        <BuildDates schedule={pricing.schedule} currency={pricing.currency} boards={pricing.boards} />
      )}
      <SuggestionsEntry lines={pricing.lines} busy={busy} onOpen={() => pane.setSuggestFor('all')} />
      <ScenariosPanel
        pricing={pricing}
        chosen={bom.boards}
        busy={busy}
        onChoose={(n) => void controller.chooseQuantity(n)}
      />
      <AmbiguousPicker
        lines={pricing.lines}
        firstRowNumber={pricing.firstRowNumber}
        busy={busy}
        hasManufacturerColumn={bom.mapping.manufacturer !== undefined}
        onPick={(line, candidate) => void controller.pick(line, candidate)}
      />
    </>
  );
}

/** The BOM view below its notices: the results after a run, steps 1 and 2 (folded once priced), pricing, ordering. */
function BomFlow({ pane }: { pane: Pane }) {
  const { controller, state, busy } = pane;
  const bom = state.bom;
  return (
    <>
      {/* After a run the results come first; the finished steps fold into one line. */}
      {bom && state.pricing && <BomResults pane={pane} bom={bom} pricing={state.pricing} />}
      {bom && state.pricing && !pane.stepsOpen ? (
        <FinishedSteps bom={bom} onOpen={() => pane.setStepsOpen(true)} />
      ) : (
        <>
          <SelectionPanel
            bom={bom}
            busy={busy}
            reading={state.phase === 'reading'}
            onUseSelection={() => void controller.useSelection()}
          />
          {bom && (
            <MappingEditor
              bom={bom}
              disabled={busy}
              onMap={controller.setMapping}
              onHeaderRow={controller.setHeaderRow}
              onBoards={controller.setBoards}
              onQuantities={controller.setQuantities}
              onChoose={(n) => void controller.chooseQuantity(n)}
              onSheetAnswer={(answer) => void controller.answerSheet(answer)}
              onVariant={controller.setVariant}
            />
          )}
        </>
      )}
      {bom && (
        <PricePanel
          phase={state.phase}
          progress={state.progress}
          canPrice={!!bom.read && bom.read.lines.length > 0}
          slowWrite={state.slowWrite}
          onPrice={() => void controller.price('stale')}
          onCancel={controller.cancel}
        >
          <PaneNeedBy services={pane.services} settings={state.settings} disabled={busy} />
        </PricePanel>
      )}
      {/* After the steps 1–2 and 3 they follow, so the steps read in order. */}
      {bom && state.pricing && <OrderStep pane={pane} />}
      {bom && state.pricing && (
        <ShareSafeCopy
          services={pane.services}
          settings={state.settings}
          bom={bom}
          pricing={state.pricing}
          busy={busy}
        />
      )}
    </>
  );
}

/** The Suggestions view, in place of the BOM view's steps. */
function SuggestionsMain({ pane, pricing }: { pane: Pane; pricing: PricingView }) {
  const { suggestions, controller, suggestFor, setSuggestFor } = pane;
  return (
    <SuggestionsView
      state={pane.suggestState}
      pricing={pricing}
      focusRow={suggestFor === 'all' ? null : suggestFor}
      busy={pane.busy}
      onUse={(line, candidate) => void suggestions.use(line, candidate)}
      onLoad={(again) => void suggestions.load(again)}
      onShowAll={() => setSuggestFor('all')}
      onBack={() => {
        suggestions.stop();
        setSuggestFor(null);
      }}
      onSelectRow={(line) => void controller.selectLine(line)}
      onSearch={controller.searchParts}
      onReplace={(line, part) => void controller.replace(line, part)}
    />
  );
}

/** The view chosen in the tabs. */
function PaneMain({ pane }: { pane: Pane }) {
  const c = useStyles();
  const { view, setView, state, controller, order, purchase } = pane;
  if (view === 'settings') {
    return (
      <main>
        <SettingsView services={pane.services} />
      </main>
    );
  }
  if (view === 'several') {
    return (
      <main>
        <SeveralBomsView
          state={pane.purchaseState}
          controller={purchase}
          search={pane.services.searchPrefixes}
          services={pane.services}
          settings={state.settings}
          onOrder={async () => {
            const selection = await purchase.orderSelection();
            if (!selection) return;
            setView('order');
            void order.reviewRows(selection);
          }}
        />
      </main>
    );
  }
  if (view === 'order') {
    return (
      <main>
        <OrderView state={pane.orderState} controller={order} onOpenSettings={() => setView('settings')} />
      </main>
    );
  }
  const suggesting = pane.suggestFor !== null && state.bom && state.pricing ? state.pricing : null;
  return (
    <main>
      {/* What the BOM's runs did: shown with the BOM, not pinned over the other views. */}
      <div className={c.notices}>
        <Notices
          notices={state.notices}
          onDismiss={controller.dismiss}
          onOpenSettings={() => setView('settings')}
          onInsertHeaderRow={suggesting ? undefined : () => void controller.insertHeaderRow()}
          busy={pane.busy}
        />
      </div>
      {suggesting ? <SuggestionsMain pane={pane} pricing={suggesting} /> : <BomFlow pane={pane} />}
    </main>
  );
}

/** The task pane: the BOM flow and the settings, over the services it is given. */
export function App(props: AppProps) {
  const c = useStyles();
  const pane = usePane(props);
  return (
    <div className={c.root}>
      <PaneHeader view={pane.view} setView={pane.setView} />
      <PricesAgeNotice services={props.services} />
      <PaneMain pane={pane} />
      {pane.view === 'bom' && <PartsCellsPanel services={props.services} />}
      <OverwriteDialog question={pane.state.confirm} onAnswer={pane.controller.answerConfirm} />
      <OverwriteDialog question={pane.purchaseState.confirm} onAnswer={pane.purchase.answerConfirm} />
    </div>
  );
}
