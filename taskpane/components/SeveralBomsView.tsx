import {
  Button,
  Checkbox,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import {
  AddRegular,
  BoxCheckmarkRegular,
  CartRegular,
  DeleteRegular,
  EditRegular,
  TableSearchRegular,
} from '@fluentui/react-icons';
import { useEffect, useState } from 'react';
import { formatMoney } from '../../src/pricing/money';
import { buildableText, buildsListText, parseBuildsList, testOrdersText } from '../../src/purchase';
import { costPercent } from '../../src/purchase/layout';
import { parseAddress } from '../../src/excel/address';
import type { OrderRecord } from '../../src/excel/order-record';
import type { PurchaseController, PurchaseViewState } from '../purchase/controller';
import { buildsOf } from '../purchase/several-boms';
import { ScenarioChooser, ScenarioComparison } from './PurchaseScenarios';
import { useInputStyles, useSectionStyles } from './styles';
import { countOf } from '../../src/text/plural';

export interface SeveralBomsViewProps {
  state: PurchaseViewState;
  controller: PurchaseController;
  /** Opens the order review with the purchase list's rows. */
  onOrder: () => void | Promise<void>;
}

const useStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalXXS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS}`,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    minWidth: 0,
  },
  cardTitle: {
    margin: 0,
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorNeutralForeground1,
    overflowWrap: 'anywhere',
  },
  /** A range field and its "Use selection" button on one line, the field taking what is left. */
  rangeRow: {
    display: 'flex',
    alignItems: 'flex-end',
    columnGap: tokens.spacingHorizontalS,
    minWidth: 0,
  },
  /** "Use selection" stays on one line beside its field. */
  pick: {
    flexShrink: 0,
    whiteSpace: 'nowrap',
  },
  figures: {
    margin: 0,
    display: 'grid',
    gridTemplateColumns: 'auto 1fr',
    columnGap: tokens.spacingHorizontalS,
    rowGap: tokens.spacingVerticalXXS,
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase200,
    color: tokens.colorNeutralForeground2,
    '& dt': { color: tokens.colorNeutralForeground3 },
    '& dd': { margin: 0, overflowWrap: 'anywhere' },
  },
});

function count(n: number): string {
  return n.toLocaleString('en-US');
}

function orderText(order: OrderRecord): string {
  const lines = order.lines.length;
  return `${order.orderId}${order.po ? `, PO ${order.po}` : ''}: ${countOf(lines, 'line')}, placed ${order.at.slice(0, 10)}`;
}

/**
 * Buying for several BOMs: BOM ranges on any sheet (each with a name and a number of builds), an On hand range, what
 * is on order, then one purchase list for them all on the Purchase list sheet, each BOM's share and what it can build
 * now, and ordering from the list through the order review.
 */
export function SeveralBomsView({ state, controller, onOrder }: SeveralBomsViewProps) {
  const s = useSectionStyles();
  const inp = useInputStyles();
  const c = useStyles();
  const { setup, run, phase } = state;
  const busy = phase !== 'idle';
  const [name, setName] = useState('');
  const [range, setRange] = useState('');
  const [builds, setBuilds] = useState('1');
  const [onHand, setOnHand] = useState(setup.onHand ?? '');
  useEffect(() => setOnHand(setup.onHand ?? ''), [setup.onHand]);
  // Orders placed or marked received while another view was open.
  useEffect(() => controller.refresh(), [controller]);
  const editing = setup.boms.some((b) => b.name === name.trim());
  // One number of builds, or several separated by commas (one per scenario).
  let buildsList: number[] | null = null;
  let buildsProblem = '';
  try {
    buildsList = parseBuildsList(builds, 'each number of builds');
  } catch (e) {
    buildsProblem = builds.trim() === '' ? '' : e instanceof Error ? e.message : String(e);
  }

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
    }
  };
  const useSelectionForBom = async () => {
    const address = await controller.selectedRange();
    if (address === null) return;
    setRange(address);
    // A new BOM is named after its sheet until the buyer names it.
    if (name.trim() === '') setName(address.replace(/!.*$/, '').replace(/^'|'$/g, '').replace(/''/g, "'"));
  };
  const useSelectionForStock = async () => {
    const address = await controller.selectedRange();
    if (address !== null) await controller.setOnHand(address);
  };
  const saveOnHand = () => {
    const value = onHand.trim();
    if (value !== (setup.onHand ?? '')) void controller.setOnHand(value === '' ? null : value);
  };

  return (
    <>
      {state.error && state.errorAt === 'setup' && <ErrorBar text={state.error} />}
      <section className={s.section} aria-labelledby="several-boms-heading">
        <h2 id="several-boms-heading" className={s.heading}>
          BOMs to buy for
        </h2>
        <p className={s.text}>
          Each BOM is a range on any sheet, with its number of builds. The first listed takes the stock first. Several
          numbers of builds (10, 20, 50) make scenarios: the first of each BOM together, then the second, and so on.
        </p>
        {setup.boms.length > 0 ? (
          <ul className={s.stack} aria-label="BOM ranges">
            {setup.boms.map((bom) => (
              <li key={bom.name} className={c.card}>
                <p className={c.cardTitle}>{bom.name}</p>
                <p className={s.small}>
                  {bom.address} · {buildsListText(buildsOf(bom))} build
                  {buildsOf(bom).length === 1 && bom.builds === 1 ? '' : 's'}
                </p>
                <div className={s.row}>
                  <Button
                    size="small"
                    icon={<EditRegular />}
                    disabled={busy}
                    aria-label={`Change ${bom.name}`}
                    onClick={() => {
                      setName(bom.name);
                      setRange(bom.address);
                      setBuilds(buildsListText(buildsOf(bom)));
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
        ) : (
          <p className={s.small} data-testid="no-bom-ranges">
            No BOM ranges yet: select a BOM in the sheet (one cell inside it is enough), press Use selection, then Add
            BOM.
          </p>
        )}
        <div className={s.fieldGrid}>
          <Field label="BOM name" className={inp.field}>
            <Input
              className={inp.root}
              input={{ className: inp.input }}
              value={name}
              disabled={busy}
              onChange={(_, d) => setName(d.value)}
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
              onChange={(_, d) => setBuilds(d.value)}
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
              onChange={(_, d) => setRange(d.value)}
            />
          </Field>
          <Button
            className={c.pick}
            icon={<TableSearchRegular />}
            disabled={busy}
            aria-label="Use selection for the BOM range"
            onClick={() => void useSelectionForBom()}
          >
            Use selection
          </Button>
        </div>
        <div className={s.row}>
          <Button
            icon={<AddRegular />}
            disabled={busy || name.trim() === '' || range.trim() === ''}
            onClick={() => void addBom()}
          >
            {editing ? 'Save BOM' : 'Add BOM'}
          </Button>
        </div>
      </section>

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
            <Button
              size="small"
              icon={<DeleteRegular />}
              disabled={busy}
              onClick={() => void controller.setOnHand(null)}
            >
              No On hand range
            </Button>
          </div>
        )}
        <Checkbox
          label="Subtract what is on order (production orders placed from this workbook, not marked received)"
          checked={setup.useOnOrder}
          disabled={busy}
          onChange={(_, d) => void controller.setUseOnOrder(d.checked === true)}
        />
        {setup.useOnOrder &&
          (state.openOrders.length > 0 ? (
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
          ) : (
            <p className={s.small} data-testid="nothing-on-order">
              Nothing on order: no production order from this workbook is waiting to be received.
            </p>
          ))}
        {setup.useOnOrder && state.testOrders > 0 && (
          <p className={s.small} data-testid="test-orders-ignored">
            {testOrdersText(state.testOrders)}.
          </p>
        )}
      </section>

      <section className={s.section} aria-labelledby="purchase-list-heading">
        <h2 id="purchase-list-heading" className={s.heading}>
          Purchase list
        </h2>
        <ScenarioChooser setup={setup} busy={busy} onChoose={(n) => void controller.setScenario(n)} />
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
        {run && <PurchaseResults state={state} onOrder={onOrder} busy={busy} />}
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

function PurchaseResults({
  state,
  onOrder,
  busy,
}: {
  state: PurchaseViewState;
  onOrder: () => void | Promise<void>;
  busy: boolean;
}) {
  const s = useSectionStyles();
  const c = useStyles();
  const run = state.run!;
  const { result, written, notes } = run;
  const toBuy = result.rows.filter((r) => r.purchases.length > 0).length;
  const money = (n: number) => formatMoney(n, result.currency);
  // A line's row in its sheet, from the BOM's range as it was kept.
  const sheetRow = (bom: number, row: number): string => {
    const kept = state.setup.boms.find((b) => b.name === result.boms[bom]?.name);
    try {
      return kept ? `row ${parseAddress(kept.address).row + row + 1}` : `line ${row + 1}`;
    } catch {
      return `line ${row + 1}`;
    }
  };
  return (
    <>
      <p className={s.text} data-testid="purchase-written" role="status">
        {written.address ? (
          <>
            Written to <strong>{written.address}</strong>.
          </>
        ) : (
          'The Purchase list sheet was not written: you chose not to write over that sheet.'
        )}
      </p>
      <p className={s.text} data-testid="purchase-total">
        {countOf(result.rows.length, 'part')}, {count(toBuy)} to buy: <strong>{money(result.total)}</strong>
      </p>
      {run.scenarios && <ScenarioComparison scenarios={run.scenarios} />}
      <ul className={s.stack} aria-label="Per BOM">
        {result.boms.map((bom) => {
          const percent = costPercent(bom, result);
          return (
            <li key={bom.name} className={c.card} data-testid="bom-summary">
              <p className={c.cardTitle}>
                {bom.name} × {count(bom.builds)}
              </p>
              <dl className={c.figures}>
                <dt>Cost share</dt>
                <dd>
                  {money(bom.cost)}
                  {percent === null ? '' : ` (${percent} %)`}
                </dd>
                <dt>Parts</dt>
                <dd>
                  {count(bom.parts)}
                  {bom.sharedParts > 0 ? `, ${count(bom.sharedParts)} shared` : ''}
                  {bom.unlistedLines > 0 ? `; ${countOf(bom.unlistedLines, 'line')} not on the list` : ''}
                </dd>
                <dt>Buildable now</dt>
                <dd>{buildableText(bom.buildableOnHand, bom.builds)}</dd>
                <dt>With orders</dt>
                <dd>{buildableText(bom.buildableWithOrders, bom.builds)}</dd>
              </dl>
            </li>
          );
        })}
      </ul>
      {(notes.length > 0 || result.unlisted.length > 0 || result.notApplied.length > 0) && (
        <ul className={s.list} aria-label="Purchase list notes">
          {notes.map((n, i) => (
            <li key={`n${i}`}>{n}</li>
          ))}
          {result.unlisted.map((u, i) => (
            <li key={`u${i}`}>
              {result.boms[u.bom]?.name ?? ''} {sheetRow(u.bom, u.row)}
              {u.partNumber ? ` (${u.partNumber})` : ''}: {u.status}
              {u.reason ? `, ${u.reason}` : ''}: not on the list
            </li>
          ))}
          {result.notApplied.map((n, i) => (
            <li key={`s${i}`}>
              {n.entry.origin}: {n.text}
            </li>
          ))}
        </ul>
      )}
      {written.address && toBuy > 0 && (
        <div className={s.row}>
          <Button icon={<CartRegular />} disabled={busy} onClick={() => void onOrder()}>
            Order from the purchase list
          </Button>
        </div>
      )}
    </>
  );
}
