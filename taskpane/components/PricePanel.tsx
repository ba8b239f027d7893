import { Button, Field, ProgressBar, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { DismissRegular, PlayRegular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import type { Phase } from '../controller';
import { useSectionStyles } from './styles';
import { groupedCount } from '../../src/text/plural';

export interface PricePanelProps {
  phase: Phase;
  progress: { done: number; total: number } | null;
  canPrice: boolean;
  slowWrite: boolean;
  onPrice: () => void;
  onCancel: () => void;
  /** Fields that set how the BOM is priced (the need-by date), above the button. */
  children?: ReactNode;
}

const useStyles = makeStyles({
  /** Progress and Cancel stay at the bottom edge of the pane while it scrolls. */
  running: {
    position: 'sticky',
    bottom: 0,
    zIndex: 1,
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalS,
    padding: `${tokens.spacingVerticalS} 0`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
});

/** Step 3: the Price button, then a progress bar counting parts, with Cancel. */
export function PricePanel({ phase, progress, canPrice, slowWrite, onPrice, onCancel, children }: PricePanelProps) {
  const s = useSectionStyles();
  const c = useStyles();
  const pricing = phase === 'pricing' || phase === 'cancelling';
  const total = progress?.total ?? 0;
  const done = progress?.done ?? 0;
  const label =
    phase === 'cancelling'
      ? 'Cancelling: keeping the prices that arrived…'
      : total > 0
        ? `Looking up ${groupedCount(done)} of ${groupedCount(total)} parts`
        : 'Reading the BOM and starting the lookups…';
  return (
    <section className={s.section} aria-labelledby="price-heading">
      <h2 id="price-heading" className={s.heading}>
        3. Price
      </h2>
      {children}
      {!pricing && phase !== 'writing' && (
        <div className={s.row}>
          <Button
            appearance="primary"
            icon={<PlayRegular />}
            onClick={onPrice}
            disabled={!canPrice || phase !== 'idle'}
          >
            Price BOM
          </Button>
        </div>
      )}
      {pricing && (
        <div className={c.running} data-testid="price-progress">
          <Field label={label} validationState="none">
            <ProgressBar
              value={done > 0 ? done : undefined}
              max={done > 0 ? total : undefined}
              thickness="large"
              aria-valuetext={label}
            />
          </Field>
          <div className={s.row}>
            <Button icon={<DismissRegular />} onClick={onCancel} disabled={phase === 'cancelling'}>
              Cancel
            </Button>
          </div>
        </div>
      )}
      {phase === 'writing' && (
        <div role="status" aria-live="polite" className={c.running}>
          <Spinner size="tiny" label="Writing the results to the sheet…" />
          {slowWrite && (
            <p className={s.small}>
              Still writing. If you are editing a cell, press Enter or Esc: Excel writes as soon as you leave the cell.
            </p>
          )}
        </div>
      )}
    </section>
  );
}
