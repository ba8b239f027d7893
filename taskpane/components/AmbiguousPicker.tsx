import { Button, Radio, RadioGroup, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import type { PartCandidate, PricedBomLine } from '../../src/purchase/price-lines';
import { quoteLine } from './figures';
import { useSectionStyles } from './styles';

export interface AmbiguousPickerProps {
  lines: readonly PricedBomLine[];
  firstRowNumber: number;
  busy: boolean;
  /** Whether a manufacturer column is mapped, so the choice can be written in full. */
  hasManufacturerColumn: boolean;
  onPick: (line: PricedBomLine, candidate: PartCandidate) => void;
}

const useStyles = makeStyles({
  line: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalXS,
    padding: tokens.spacingVerticalS,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  candidate: {
    display: 'block',
  },
  figures: {
    display: 'block',
    color: tokens.colorNeutralForeground2,
    fontSize: tokens.fontSizeBase200,
  },
  description: {
    display: 'block',
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase200,
  },
  fieldset: {
    border: 'none',
    margin: 0,
    padding: 0,
    minWidth: 0,
  },
  legend: {
    padding: 0,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorNeutralForeground1,
    overflowWrap: 'anywhere',
  },
});

const MAX_SHOWN = 12;

function AmbiguousLine({
  line,
  row,
  busy,
  onPick,
}: {
  line: PricedBomLine;
  row: number;
  busy: boolean;
  onPick: AmbiguousPickerProps['onPick'];
}) {
  const c = useStyles();
  const [chosen, setChosen] = useState<string>('');
  const candidates = line.candidates.slice(0, MAX_SHOWN);
  const groupId = `ambiguous-${line.row}`;
  return (
    <div className={c.line}>
      <fieldset className={c.fieldset}>
        <legend className={c.legend} id={`${groupId}-legend`}>
          Row {row}: {line.partNumber}
          {line.bomManufacturer ? ` (${line.bomManufacturer})` : ''}
        </legend>
        <RadioGroup aria-labelledby={`${groupId}-legend`} value={chosen} onChange={(_, data) => setChosen(data.value)}>
          {candidates.map((candidate, i) => (
            <Radio
              key={`${candidate.itemId}-${i}`}
              value={String(i)}
              label={
                <span className={c.candidate}>
                  {candidate.partNumber}
                  {candidate.manufacturer ? ` — ${candidate.manufacturer}` : ''}
                  {candidate.quote ? <span className={c.figures}>{quoteLine(candidate.quote)}</span> : null}
                  {candidate.description ? <span className={c.description}>{candidate.description}</span> : null}
                </span>
              }
            />
          ))}
        </RadioGroup>
        {line.candidates.length > MAX_SHOWN && (
          <p className={c.description}>
            {line.candidates.length - MAX_SHOWN} more; give the manufacturer in the BOM to narrow them.
          </p>
        )}
      </fieldset>
      <div>
        <Button
          appearance="primary"
          size="small"
          disabled={busy || chosen === ''}
          onClick={() => onPick(line, candidates[Number(chosen)])}
          aria-label={`Use this part for row ${row}`}
        >
          Use this part
        </Button>
      </div>
    </div>
  );
}

/** Lines that match several parts: their candidates, and a choice that is written back into the BOM row. */
export function AmbiguousPicker({ lines, firstRowNumber, busy, hasManufacturerColumn, onPick }: AmbiguousPickerProps) {
  const s = useSectionStyles();
  const ambiguous = lines.filter((l) => l.status === 'ambiguous' && l.candidates.length > 0);
  if (ambiguous.length === 0) return null;
  return (
    <section className={s.section} aria-labelledby="ambiguous-heading">
      <h2 id="ambiguous-heading" className={s.heading}>
        Choose the part ({ambiguous.length})
      </h2>
      <p className={s.text}>
        These lines match more than one part. Your choice is written into the BOM row
        {hasManufacturerColumn
          ? ' (part number and manufacturer)'
          : ' (part number; map a manufacturer column to keep the manufacturer too)'}
        , so the next run is exact.
      </p>
      {ambiguous.map((line) => (
        <AmbiguousLine key={line.row} line={line} row={line.row + firstRowNumber} busy={busy} onPick={onPick} />
      ))}
    </section>
  );
}
