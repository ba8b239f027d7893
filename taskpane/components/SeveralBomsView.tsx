import {
  Button,
  Checkbox,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
} from '@fluentui/react-components';
import { AddRegular, BoxCheckmarkRegular, DeleteRegular, EditRegular, TableSearchRegular } from '@fluentui/react-icons';
import { useEffect, useRef, useState } from 'react';
import { parseBuildsList, testOrdersText } from '../../src/purchase';
import type { OrderRecord } from '../../src/excel/order-record';
import type { PurchaseController, PurchaseViewState } from '../purchase/controller';
import { buildsOf } from '../purchase/setup';
import type { PrefixSearch } from '../candidate-search';
import { PurchaseResults } from './PurchaseResults';
import { ScenarioChooser } from './PurchaseScenarios';
import { useSeveralBomsStyles as useStyles } from './several-boms-styles';
import { useInputStyles, useSectionStyles } from './styles';
import { countOf } from '../../src/text/plural';
import { poLabel } from '../../src/text/words';
import type { PartsheetSettings } from '../../src/settings';
import type { PaneServices } from '../services';
import { PaneNeedBy } from './NeedByField';
import { countListText } from '../../src/text/count-list';

export interface SeveralBomsViewProps {
  state: PurchaseViewState;
  controller: PurchaseController;
  /** Opens the order review with the purchase list's rows. */
  onOrder: () => void | Promise<void>;
  /** The prefix search that finds suggestions for what the list cannot buy. */
  search?: PrefixSearch;
  /** The settings the need-by date is remembered in (the BOM view's own field), and the pane's clock. */
  services: Pick<PaneServices, 'settings' | 'now'>;
  settings: PartsheetSettings | null;
}

function orderText(order: OrderRecord): string {
  const lines = order.lines.length;
  return `${order.orderId}${order.po ? `, ${poLabel(order.po)}` : ''}: ${countOf(lines, 'line')}, placed ${order.at.slice(0, 10)}`;
}

type Styles = ReturnType<typeof useStyles>;

/** The BOM being added or changed: its name, range and builds as typed, and what adding it does. */
function useBomDraft(controller: PurchaseController, setup: PurchaseViewState['setup']) {
  const [name, setName] = useState('');
  const [range, setRange] = useState('');
  const [builds, setBuilds] = useState('1');
  const editing = setup.boms.some((b) => b.name === name.trim());
  // One number of builds, or several separated by commas (one per scenario).
  let buildsList: number[] | null = null;
  let buildsProblem = '';
  try {
    buildsList = parseBuildsList(builds, 'each number of builds');
  } catch (e) {
    buildsProblem = builds.trim() === '' ? '' : e instanceof Error ? e.message : String(e);
  }

  const nameInput = useRef<HTMLInputElement>(null);
  const addBom = async () => {
    if (
      await controller.saveBom({
        name,
        address: range.trim(),
        builds: buildsList ? buildsList[0] : NaN,
        ...(buildsList && buildsList.length >= 2 ? { quantities: buildsList } : {}),
      })
    ) {
      setName('');
      setRange('');
      setBuilds('1');
      // Add BOM is disabled by the fields cleared: the focus goes where the next BOM is named, not to the page.
      nameInput.current?.focus();
    }
  };
  const useSelectionForBom = async () => {
    const address = await controller.selectedRange();
    if (address === null) return;
    setRange(address);
    // A new BOM is named after its sheet until the buyer names it.
    if (name.trim() === '') setName(address.replace(/!.*$/, '').replace(/^'|'$/g, '').replace(/''/g, "'"));
  };
  return {
    name,
    setName,
    range,
    setRange,
    builds,
    setBuilds,
    editing,
    buildsProblem,
    nameInput,
    addBom,
    useSelectionForBom,
  };
}

type BomDraft = ReturnType<typeof useBomDraft>;

/** The BOM ranges kept, each to change or remove. */
function BomRangeList({
  state,
  controller,
  draft,
  busy,
  c,
}: {
  state: PurchaseViewState;
  controller: PurchaseController;
  draft: BomDraft;
  busy: boolean;
  c: Styles;
}) {
  const s = useSectionStyles();
  const { setup } = state;
  if (setup.boms.length === 0) {
    return (
      <p className={s.small} data-testid="no-bom-ranges">
        No BOM ranges yet: select a BOM in the sheet (one cell inside it is enough), press Use selection, then Add BOM.
      </p>
    );
  }
  return (
    <ul className={s.stack} aria-label="BOM ranges">
      {setup.boms.map((bom) => (
        <li key={bom.name} className={c.card}>
          <p className={c.cardTitle}>{bom.name}</p>
          <p className={s.small}>
            {bom.address} · {countListText(buildsOf(bom))} build
            {buildsOf(bom).length === 1 && bom.builds === 1 ? '' : 's'}
          </p>
          <div className={s.row}>
            <Button
              size="small"
              icon={<EditRegular />}
              disabled={busy}
              aria-label={`Change ${bom.name}`}
              onClick={() => {
                draft.setName(bom.name);
                draft.setRange(bom.address);
                draft.setBuilds(countListText(buildsOf(bom)));
              }}
            >
              Change
            </Button>
            <Button
              size="small"
              icon={<DeleteRegular />}
              disabled={busy}
              aria-label={`Remove ${bom.name}`}
              onClick={() => void controller.removeBom(bom.name)}
            >
              Remove
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The BOM name, builds and range fields, and Add (or Save) BOM. */
function BomDraftFields({ draft, busy, c }: { draft: BomDraft; busy: boolean; c: Styles }) {
  const s = useSectionStyles();
  const inp = useInputStyles();
  const { name, range, builds, buildsProblem, nameInput } = draft;
  return (
    <>
      <div className={s.fieldGrid}>
        <Field label="BOM name" className={inp.field}>
          <Input
            className={inp.root}
            input={{ className: inp.input, ref: nameInput }}
            value={name}
            disabled={busy}
            onChange={(_, d) => draft.setName(d.value)}
          />
        </Field>
        <Field
          label="Builds"
          className={inp.field}
          hint="One, or several: 10, 20, 50"
          validationState={buildsProblem !== '' ? 'error' : 'none'}
          validationMessage={buildsProblem !== '' ? buildsProblem : undefined}
        >
          <Input
            className={inp.root}
            input={{ className: inp.input }}
            value={builds}
            disabled={busy}
            onChange={(_, d) => draft.setBuilds(d.value)}
          />
        </Field>
      </div>
      <div className={c.rangeRow}>
        <Field label="BOM range" className={s.grow}>
          <Input
            className={inp.root}
            input={{ className: inp.input }}
            placeholder="Board A!A1:D40"
            value={range}
            disabled={busy}
            onChange={(_, d) => draft.setRange(d.value)}
          />
        </Field>
        <Button
          className={c.pick}
          icon={<TableSearchRegular />}
          disabled={busy}
          aria-label="Use selection for the BOM range"
          onClick={() => void draft.useSelectionForBom()}
        >
          Use selection
        </Button>
      </div>
      <div className={s.row}>
        <Button
          icon={<AddRegular />}
          disabled={busy || name.trim() === '' || range.trim() === ''}
          onClick={() => void draft.addBom()}
        >
          {draft.editing ? 'Save BOM' : 'Add BOM'}
        </Button>
      </div>
    </>
  );
}

/** The BOMs to buy for: those kept, and the one being added or changed. */
function BomsSection({ state, controller, busy, c }: SectionProps) {
  const s = useSectionStyles();
  const draft = useBomDraft(controller, state.setup);
  return (
    <section className={s.section} aria-labelledby="several-boms-heading">
      <h2 id="several-boms-heading" className={s.heading}>
        BOMs to buy for
      </h2>
      <p className={s.text}>
        Each BOM is a range on any sheet, with its number of builds. The first listed takes the stock first. Several
        numbers of builds (10, 20, 50) make scenarios: the first of each BOM together, then the second, and so on.
      </p>
      <BomRangeList state={state} controller={controller} draft={draft} busy={busy} c={c} />
      <BomDraftFields draft={draft} busy={busy} c={c} />
    </section>
  );
}

interface SectionProps {
  state: PurchaseViewState;
  controller: PurchaseController;
  busy: boolean;
  c: Styles;
}

/** The production orders still open, each to mark received, or that there are none. */
function OnOrderList({ state, controller, busy, c }: SectionProps) {
  const s = useSectionStyles();
  if (state.openOrders.length === 0) {
    return (
      <p className={s.small} data-testid="nothing-on-order">
        Nothing on order: no production order from this workbook is waiting to be received.
      </p>
    );
  }
  return (
    <>
      <p className={s.small}>On order, counted until marked received:</p>
      <ul className={s.stack} aria-label="On order">
        {state.openOrders.map((order) => (
          <li key={`${order.orderId}|${order.sheet}`} className={c.card}>
            <p className={s.small}>{orderText(order)}</p>
            <div className={s.row}>
              <Button
                size="small"
                icon={<BoxCheckmarkRegular />}
                disabled={busy || order.orderId === ''}
                aria-label={`Mark received: order ${order.orderId}`}
                onClick={() => void controller.markReceived(order)}
              >
                Mark received
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

/** Stock: the On hand range, and whether what is on order is subtracted. */
function StockSection(props: SectionProps) {
  const { state, controller, busy, c } = props;
  const { setup } = state;
  const s = useSectionStyles();
  const inp = useInputStyles();
  const [onHand, setOnHand] = useState(setup.onHand ?? '');
  useEffect(() => setOnHand(setup.onHand ?? ''), [setup.onHand]);
  const useSelectionForStock = async () => {
    const address = await controller.selectedRange();
    if (address !== null) await controller.setOnHand(address);
  };
  const saveOnHand = () => {
    const value = onHand.trim();
    if (value !== (setup.onHand ?? '')) void controller.setOnHand(value === '' ? null : value);
  };
  return (
    <section className={s.section} aria-labelledby="stock-heading">
      <h2 id="stock-heading" className={s.heading}>
        Stock
      </h2>
      <p className={s.small}>
        Optional: a range of part number, maker and quantity (an inventory export's columns are recognised).
      </p>
      <div className={c.rangeRow}>
        <Field label="On hand range" className={s.grow}>
          <Input
            className={inp.root}
            input={{ className: inp.input }}
            placeholder="Stock!A1:C200"
            value={onHand}
            disabled={busy}
            onChange={(_, d) => setOnHand(d.value)}
            onBlur={saveOnHand}
            onKeyDown={(e) => {
              if (e.key === 'Enter') saveOnHand();
            }}
          />
        </Field>
        <Button
          className={c.pick}
          icon={<TableSearchRegular />}
          disabled={busy}
          aria-label="Use selection for the On hand range"
          onClick={() => void useSelectionForStock()}
        >
          Use selection
        </Button>
      </div>
      {setup.onHand !== null && (
        <div className={s.row}>
          <Button size="small" icon={<DeleteRegular />} disabled={busy} onClick={() => void controller.setOnHand(null)}>
            Clear the On hand range
          </Button>
        </div>
      )}
      <Checkbox
        label="Subtract what is on order (production orders placed from this workbook, not marked received)"
        checked={setup.useOnOrder}
        disabled={busy}
        onChange={(_, d) => void controller.setUseOnOrder(d.checked === true)}
      />
      {setup.useOnOrder && <OnOrderList {...props} />}
      {setup.useOnOrder && state.testOrders > 0 && (
        <p className={s.small} data-testid="test-orders-ignored">
          {testOrdersText(state.testOrders)}.
        </p>
      )}
    </section>
  );
}

/**
 * Buying for several BOMs: BOM ranges on any sheet (each with a name and a number of builds), an On hand range, what
 * is on order, then one purchase list for them all on the Purchase list sheet, each BOM's share and what it can build
 * now, and ordering from the list through the order review.
 */
export function SeveralBomsView({ state, controller, onOrder, search, services, settings }: SeveralBomsViewProps) {
  const s = useSectionStyles();
  const c = useStyles();
  const { setup, run, phase } = state;
  const busy = phase !== 'idle';
  // Orders placed or marked received while another view was open.
  useEffect(() => controller.refresh(), [controller]);
  const sectionProps = { state, controller, busy, c };

  return (
    <>
      {state.error && state.errorAt === 'setup' && <ErrorBar text={state.error} />}
      <BomsSection {...sectionProps} />
      <StockSection {...sectionProps} />
      <section className={s.section} aria-labelledby="purchase-list-heading">
        <h2 id="purchase-list-heading" className={s.heading}>
          Purchase list
        </h2>
        <ScenarioChooser setup={setup} busy={busy} onChoose={(n) => void controller.setScenario(n)} />
        <PaneNeedBy services={services} settings={settings} disabled={busy} />
        <div className={s.row}>
          <Button
            appearance="primary"
            disabled={busy || setup.boms.length === 0}
            onClick={() => void controller.make()}
          >
            Make purchase list
          </Button>
          {phase === 'making' && <Spinner size="tiny" label="Looking up the parts…" />}
        </div>
        {state.error && state.errorAt === 'list' && <ErrorBar text={state.error} />}
        {run && (
          <PurchaseResults
            state={state}
            onOrder={onOrder}
            busy={busy}
            search={search}
            onUse={(b, cand) => void controller.useSuggestion(b, cand)}
            needByNow={settings?.needBy ?? ''}
          />
        )}
      </section>
    </>
  );
}

function ErrorBar({ text }: { text: string }) {
  return (
    <MessageBar intent="error" layout="multiline" data-testid="several-error">
      <MessageBarBody>
        <MessageBarTitle>Not done</MessageBarTitle> {text}
      </MessageBarBody>
    </MessageBar>
  );
}
