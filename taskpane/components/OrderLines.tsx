import { Button, Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import { DeleteRegular } from '@fluentui/react-icons';
import {
  type LeftOutRow,
  type ReviewLine,
  estimate,
  lineQuantity,
  money,
  quantityStory,
} from '../../src/workflows/order-review';
import { type ShownProblem, problemText } from '../order/order-problems';
import { useSectionStyles } from './styles';
import { groupedCount, plural } from '../../src/text/plural';

const useStyles = makeStyles({
  line: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalXS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    minWidth: 0,
  },
  problemLine: {
    border: `${tokens.strokeWidthThick} solid ${tokens.colorPaletteRedBorder2}`,
  },
  top: {
    display: 'flex',
    alignItems: 'baseline',
    justifyContent: 'space-between',
    columnGap: tokens.spacingHorizontalS,
    minWidth: 0,
  },
  part: {
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorNeutralForeground1,
    overflowWrap: 'anywhere',
  },
  amount: {
    marginLeft: 'auto',
    whiteSpace: 'nowrap',
    color: tokens.colorNeutralForeground1,
    fontVariantNumeric: 'tabular-nums',
  },
  quantity: {
    display: 'flex',
    alignItems: 'center',
    flexWrap: 'wrap',
    columnGap: tokens.spacingHorizontalS,
    rowGap: tokens.spacingVerticalXXS,
  },
  hidden: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    margin: '-1px',
    padding: 0,
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
    border: 0,
  },
  quantityInput: {
    width: '128px',
    minWidth: 0,
  },
  quantityBox: {
    minWidth: 0,
    width: '100%',
  },
  qty: {
    whiteSpace: 'nowrap',
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase200,
  },
  story: {
    margin: 0,
    color: tokens.colorNeutralForeground2,
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase200,
    overflowWrap: 'anywhere',
  },
  change: {
    color: tokens.colorPaletteDarkOrangeForeground1,
    fontSize: tokens.fontSizeBase200,
    fontWeight: tokens.fontWeightSemibold,
  },
  problem: {
    margin: 0,
    color: tokens.colorPaletteRedForeground1,
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase200,
    overflowWrap: 'anywhere',
  },
  totals: {
    borderCollapse: 'collapse',
    width: '100%',
    fontSize: tokens.fontSizeBase300,
    color: tokens.colorNeutralForeground1,
    '& th, & td': {
      padding: `${tokens.spacingVerticalXXS} 0`,
      textAlign: 'right',
      fontVariantNumeric: 'tabular-nums',
    },
    '& th': { textAlign: 'left', fontWeight: tokens.fontWeightRegular, color: tokens.colorNeutralForeground2 },
  },
});

function rowsLabel(rows: readonly number[]): string {
  const numbers = rows.map((r) => r + 1);
  return `${plural(numbers.length, 'row')} ${numbers.join(', ')}`;
}

export interface LeftOutListProps {
  leftOut: readonly LeftOutRow[];
}

/** The kinds of rows left out, each under its own heading, in the order a buyer acts on them. */
const LEFT_OUT_GROUPS: ReadonlyArray<{ id: string; title: string; kinds: readonly LeftOutRow['kind'][] }> = [
  { id: 'left-out-next', title: 'For the next order', kinds: ['next order'] },
  { id: 'left-out-cannot', title: 'Cannot be ordered', kinds: ['not orderable'] },
  { id: 'left-out-done', title: 'Ordered already or removed', kinds: ['ordered', 'removed'] },
];

/**
 * Every selected row that is not in the order, with the reason, split by kind: rows that go in the next order of
 * this selection, rows that cannot be ordered now, and rows already in an order or taken out by the buyer.
 */
export function LeftOutList({ leftOut }: LeftOutListProps) {
  const s = useSectionStyles();
  if (leftOut.length === 0) return null;
  return (
    <div data-testid="order-left-out">
      <h3 className={s.heading}>Left out ({leftOut.length})</h3>
      {LEFT_OUT_GROUPS.map((group) => {
        const rows = leftOut.filter((r) => group.kinds.includes(r.kind));
        if (rows.length === 0) return null;
        return (
          <div key={group.id} data-kind={group.id}>
            <h4 className={s.small} id={group.id}>
              {group.title} ({rows.length})
            </h4>
            <ul className={`${s.list} ${s.scroll}`} aria-labelledby={group.id} tabIndex={0}>
              {rows.map((r) => (
                <li key={`${r.row}-${r.reason}`}>
                  Row {r.row + 1}
                  {r.what ? ` (${r.what})` : ''}: {r.reason}
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </div>
  );
}

export interface OrderLinesProps {
  lines: readonly ReviewLine[];
  problems: readonly ShownProblem[];
  disabled: boolean;
  onQuantity: (key: string, entered: string) => void;
  onRemove: (key: string) => void;
}

/** The lines of the order: quantity to edit, the rounding to MOQ and pack size, the estimate, and each line's problems. */
export function OrderLines({ lines, problems, disabled, onQuantity, onRemove }: OrderLinesProps) {
  const c = useStyles();
  const s = useSectionStyles();
  const totals = estimate(lines);
  return (
    <>
      <ul className={s.stack} aria-label="Order lines" data-testid="order-lines">
        {lines.map((line) => {
          const q = lineQuantity(line);
          const own = problems.filter((p) => p.lineKey === line.key);
          const name = line.part || line.itemId;
          const story = quantityStory(line);
          const amount =
            q.quantity !== null && line.unitPrice !== null
              ? money(Math.round(q.quantity * line.unitPrice * 100) / 100, line.currency)
              : '';
          return (
            <li
              key={line.key}
              className={`${c.line} ${own.length > 0 ? c.problemLine : ''}`}
              data-item={line.itemId}
              data-problem={own.length > 0 ? 'true' : undefined}
            >
              <div className={c.top}>
                <span className={c.part}>
                  {name}
                  {line.manufacturer ? <span className={s.small}> {line.manufacturer}</span> : null}
                </span>
                <Button
                  appearance="subtle"
                  size="small"
                  icon={<DeleteRegular />}
                  aria-label={`Leave ${name} out of the order`}
                  title="Leave out of the order"
                  disabled={disabled}
                  onClick={() => onRemove(line.key)}
                />
              </div>
              <p className={s.small}>
                Item {line.itemId}
                {line.source ? ` · ${line.source}` : ''} · {rowsLabel(line.rows)}
                {line.unitPrice !== null
                  ? ` · ${line.unitPrice.toLocaleString('en-US', { maximumFractionDigits: 5 })} ${line.currency} each`
                  : ''}
                {line.stock !== null ? ` · ${groupedCount(line.stock)} in stock` : ''}
              </p>
              {story && (
                <p className={c.story} data-testid="quantity-story">
                  {story}
                </p>
              )}
              <div className={c.quantity}>
                <Field
                  label={{ children: `Quantity of ${name}`, className: c.hidden }}
                  validationState={q.problem ? 'error' : 'none'}
                  validationMessage={q.problem ?? undefined}
                >
                  <Input
                    className={c.quantityInput}
                    input={{ className: c.quantityBox }}
                    value={line.entered}
                    inputMode="numeric"
                    disabled={disabled}
                    contentBefore={<span className={c.qty}>Qty</span>}
                    onChange={(_, d) => onQuantity(line.key, d.value)}
                  />
                </Field>
                {q.change && (
                  <span className={c.change} data-testid="quantity-change">
                    {q.change}
                  </span>
                )}
                <span className={c.amount}>{amount}</span>
              </div>
              {line.previousOrders.length > 0 && (
                <p className={s.small}>Already ordered: {line.previousOrders.join('; ')}</p>
              )}
              {own.map((p, i) => (
                <p key={i} className={c.problem} role="alert">
                  {problemText(p)}{' '}
                  {p.suggestedQuantity !== undefined && (
                    <Button
                      size="small"
                      appearance="secondary"
                      disabled={disabled}
                      onClick={() => onQuantity(line.key, String(p.suggestedQuantity))}
                    >
                      Use {groupedCount(p.suggestedQuantity)}
                    </Button>
                  )}
                </p>
              ))}
            </li>
          );
        })}
      </ul>
      {totals.length > 0 && (
        <table className={c.totals} data-testid="order-estimate">
          <tbody>
            {totals.map((t) => (
              <tr key={t.currency}>
                <th scope="row">Estimated subtotal{totals.length > 1 ? ` (${t.currency})` : ''}</th>
                <td>{money(t.amount, t.currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {totals.length > 0 && (
        <p className={s.small}>
          At the sheet’s unit prices; the checkout confirms the prices, any discount and the total.
        </p>
      )}
    </>
  );
}
