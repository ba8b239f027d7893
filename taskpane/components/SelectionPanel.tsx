import { Button, Spinner } from '@fluentui/react-components';
import { EditRegular, TableSearchRegular } from '@fluentui/react-icons';
import type { BomView } from '../controller';
import { useSectionStyles } from './styles';
import { countOf } from '../../src/text/plural';

export interface SelectionPanelProps {
  bom: BomView | null;
  busy: boolean;
  reading: boolean;
  onUseSelection: () => void;
}

function sourceText(bom: BomView): string {
  if (bom.source === 'table') return `table ${bom.tableName ?? ''} around ${bom.selectedAddress}`.replace(/\s+/g, ' ');
  if (bom.source === 'region') return `the block around ${bom.selectedAddress}`;
  return 'the selected cells';
}

/** Step 1: take the BOM from the selection, and say what was taken. */
export function SelectionPanel({ bom, busy, reading, onUseSelection }: SelectionPanelProps) {
  const s = useSectionStyles();
  const header = bom?.read?.headerRow;
  return (
    <section className={s.section} aria-labelledby="selection-heading">
      <h2 id="selection-heading" className={s.heading}>
        1. Select the BOM
      </h2>
      <p className={s.text}>Select the BOM in the sheet, or just one cell inside it, then press Use selection.</p>
      <div className={s.row}>
        <Button
          appearance={bom ? 'secondary' : 'primary'}
          icon={<TableSearchRegular />}
          onClick={onUseSelection}
          disabled={busy}
        >
          Use selection
        </Button>
        {reading && <Spinner size="tiny" label="Reading the sheet…" />}
      </div>
      {bom && (
        <p className={s.text} data-testid="bom-found">
          Read <strong>{bom.address}</strong> ({sourceText(bom)}).{' '}
          {header === null || header === undefined
            ? 'No header row found.'
            : `Header on row ${bom.location.rowIndex + header + 1}.`}
          {bom.remembered ? ' Column choices remembered from this workbook.' : ''}
        </p>
      )}
    </section>
  );
}

export interface FinishedStepsProps {
  bom: BomView;
  onOpen: () => void;
}

/** Steps 1 and 2 once the BOM is priced: one line saying what was read, and a way back to change it. */
export function FinishedSteps({ bom, onOpen }: FinishedStepsProps) {
  const s = useSectionStyles();
  const lines = bom.read?.lines.length ?? 0;
  return (
    <section className={s.section} aria-labelledby="finished-steps-heading">
      <h2 id="finished-steps-heading" className={s.heading}>
        1–2. BOM and columns
      </h2>
      <p className={s.text} data-testid="finished-steps">
        {bom.address}: {countOf(lines, 'line')} for {countOf(bom.boards, 'board')}.
      </p>
      <div className={s.row}>
        <Button icon={<EditRegular />} aria-expanded={false} onClick={onOpen}>
          Change the BOM, columns or boards
        </Button>
      </div>
    </section>
  );
}
