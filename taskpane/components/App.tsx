import { Button, Tab, makeStyles, tokens } from '@fluentui/react-components';
import { BoxMultipleRegular, CartRegular, SettingsRegular, TableRegular } from '@fluentui/react-icons';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { PaneController } from '../controller';
import { OrderController } from '../order/controller';
import { PurchaseController } from '../purchase/controller';
import type { PaneServices } from '../services';
import { AmbiguousPicker } from './AmbiguousPicker';
import { MappingEditor } from './MappingEditor';
import { Notices } from './Notices';
import { OrderView } from './OrderView';
import { OverwriteDialog } from './OverwriteDialog';
import { PaneTabs } from './PaneTabs';
import { PricePanel } from './PricePanel';
import { PricesAgeNotice } from './PricesAgeNotice';
import { ProblemRows } from './ProblemRows';
import { FinishedSteps, SelectionPanel } from './SelectionPanel';
import { SettingsView } from './SettingsView';
import { SeveralBomsView } from './SeveralBomsView';
import { SummaryPanel } from './SummaryPanel';
import { ScenariosPanel } from './ScenariosPanel';
import { SuggestionsEntry, SuggestionsView } from './SuggestionsView';
import { SuggestionsController } from '../suggestions';
import { useSectionStyles } from './styles';

export interface AppProps {
  services: PaneServices;
  /** A controller made outside, for tests that drive it; by default one is made from `services`. */
  controller?: PaneController;
  /** The order flow's controller, likewise. */
  orderController?: OrderController;
  /** The several-BOMs view's controller, likewise. */
  purchaseController?: PurchaseController;
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

/** The task pane: the BOM flow and the settings, over the services it is given. */
export function App({
  services,
  controller: given,
  orderController: givenOrder,
  purchaseController: givenPurchase,
}: AppProps) {
  const c = useStyles();
  const s = useSectionStyles();
  const controller = useMemo(() => given ?? new PaneController(services), [given, services]);
  const order = useMemo(() => givenOrder ?? new OrderController(services), [givenOrder, services]);
  const suggestions = useMemo(() => new SuggestionsController(services, controller), [services, controller]);
  const suggestState = useSyncExternalStore(suggestions.subscribe, suggestions.getState, suggestions.getState);
  // The Suggestions view in place of the BOM view: every problem line ('all'), or one line's (its row in the BOM).
  const [suggestFor, setSuggestFor] = useState<number | 'all' | null>(null);
  useEffect(() => controller.start(), [controller]);
  useEffect(() => order.start(), [order]);
  const purchase = useMemo(
    () =>
      givenPurchase ??
      new PurchaseController({
        gateway: services.book,
        store: services.purchases,
        settings: services.settings,
        getScheduler: () => services.getScheduler(),
        getRateBook: () => services.getRateBook(),
        now: () => services.now(),
      }),
    [givenPurchase, services],
  );
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
  const busy = state.phase !== 'idle';
  const bom = state.bom;
  const ttl = state.settings?.cacheTtlMinutes ?? 10;

  return (
    <div className={c.root}>
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
      <PricesAgeNotice services={services} />
      {view === 'settings' ? (
        <main>
          <SettingsView services={services} />
        </main>
      ) : view === 'several' ? (
        <main>
          <SeveralBomsView
            state={purchaseState}
            controller={purchase}
            onOrder={async () => {
              const selection = await purchase.orderSelection();
              if (!selection) return;
              setView('order');
              void order.reviewRows(selection);
            }}
          />
        </main>
      ) : view === 'order' ? (
        <main>
          <OrderView state={orderState} controller={order} onOpenSettings={() => setView('settings')} />
        </main>
      ) : suggestFor !== null && bom && state.pricing ? (
        <main>
          <div className={c.notices}>
            <Notices
              notices={state.notices}
              onDismiss={controller.dismiss}
              onOpenSettings={() => setView('settings')}
              busy={busy}
            />
          </div>
          <SuggestionsView
            state={suggestState}
            pricing={state.pricing}
            focusRow={suggestFor === 'all' ? null : suggestFor}
            busy={busy}
            onUse={(line, candidate) => void suggestions.use(line, candidate)}
            onLoad={(again) => void suggestions.load(again)}
            onShowAll={() => setSuggestFor('all')}
            onBack={() => {
              suggestions.stop();
              setSuggestFor(null);
            }}
            onSelectRow={(line) => void controller.selectLine(line)}
          />
        </main>
      ) : (
        <main>
          {/* What the BOM's runs did: shown with the BOM, not pinned over the other views. */}
          <div className={c.notices}>
            <Notices
              notices={state.notices}
              onDismiss={controller.dismiss}
              onOpenSettings={() => setView('settings')}
              onInsertHeaderRow={() => void controller.insertHeaderRow()}
              busy={busy}
            />
          </div>
          {/* After a run the results come first; the finished steps fold into one line. */}
          {bom && state.pricing && (
            <>
              <SummaryPanel
                pricing={state.pricing}
                boards={state.pricing.boards}
                stale={controller.staleLines()}
                ttlMinutes={ttl}
                busy={busy}
                onRefresh={(mode) => void controller.price(mode)}
                rowsOf={(kind) => (
                  <ProblemRows
                    kind={kind}
                    lines={state.pricing!.lines}
                    firstRowNumber={state.pricing!.firstRowNumber}
                    plan={state.pricing!.plan}
                    busy={busy}
                    pinnedOf={(line) =>
                      bom.mapping.offer === undefined ? '' : String(bom.cells[line.row]?.[bom.mapping.offer] ?? '')
                    }
                    describedAs={(line) =>
                      bom.mapping.description === undefined
                        ? ''
                        : String(bom.cells[line.row]?.[bom.mapping.description] ?? '')
                    }
                    onSelect={(line) => void controller.selectLine(line)}
                    onSearch={controller.searchParts}
                    onReplace={(line, part) => void controller.replace(line, part)}
                    onPin={(line, offer, effect) => void controller.pin(line, offer, effect)}
                    onSuggest={(line) => setSuggestFor(line.row)}
                  />
                )}
              />
              <SuggestionsEntry lines={state.pricing.lines} busy={busy} onOpen={() => setSuggestFor('all')} />
              <ScenariosPanel
                pricing={state.pricing}
                chosen={bom.boards}
                busy={busy}
                onChoose={(n) => void controller.chooseQuantity(n)}
              />
              <AmbiguousPicker
                lines={state.pricing.lines}
                firstRowNumber={state.pricing.firstRowNumber}
                busy={busy}
                hasManufacturerColumn={bom.mapping.manufacturer !== undefined}
                onPick={(line, candidate) => void controller.pick(line, candidate)}
              />
              <section className={s.section} aria-labelledby="order-step-heading">
                <h2 id="order-step-heading" className={s.heading}>
                  4. Order
                </h2>
                <p className={s.text}>Select the priced rows to order in the sheet, then:</p>
                <div className={s.row}>
                  <Button
                    icon={<CartRegular />}
                    disabled={busy}
                    onClick={() => {
                      setView('order');
                      void order.readSelection();
                    }}
                  >
                    Order selected rows
                  </Button>
                </div>
              </section>
            </>
          )}
          {bom && state.pricing && !stepsOpen ? (
            <FinishedSteps bom={bom} onOpen={() => setStepsOpen(true)} />
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
            />
          )}
        </main>
      )}
      <OverwriteDialog question={state.confirm} onAnswer={controller.answerConfirm} />
      <OverwriteDialog question={purchaseState.confirm} onAnswer={purchase.answerConfirm} />
    </div>
  );
}
