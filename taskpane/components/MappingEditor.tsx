import { Field, Input, MessageBar, MessageBarBody, Select } from '@fluentui/react-components';
import { Fragment, useEffect, useState } from 'react';
import { BOM_FIELDS, type BomField, candidateEvidence, explainFields } from '../../src/bom';
import { FIELD_LABELS, MAX_BOARDS_IN_PANE, type BomView } from '../controller';
import { SkippedList } from './SkippedList';
import { useSectionStyles, useSelectStyles } from './styles';

export interface MappingEditorProps {
  bom: BomView;
  disabled: boolean;
  onMap: (field: BomField, column: number | null) => void;
  onHeaderRow: (row: number | null) => void;
  onBoards: (boards: number) => void;
}

const NONE = 'none';
const HEADER_CHOICES = 15;

/** "Row 3: MPN | Qty | Ref…" for the header-row choice. */
function rowPreview(bom: BomView, r: number): string {
  const texts = (bom.cells[r] ?? []).map((c) => String(c ?? '').replace(/\s+/g, ' ').trim()).filter((t) => t !== '');
  const text = texts.slice(0, 4).join(' | ');
  return `Row ${bom.location.rowIndex + r + 1}: ${text.length > 48 ? `${text.slice(0, 47)}…` : text || '(blank)'}`;
}

function plural(n: number, word: string): string {
  return `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;
}

/** Step 2: which column holds what (each a dropdown), the boards to build, and what will be priced or skipped. */
export function MappingEditor({ bom, disabled, onMap, onHeaderRow, onBoards }: MappingEditorProps) {
  const s = useSectionStyles();
  const sel = useSelectStyles();
  const [boardsText, setBoardsText] = useState(String(bom.boards));
  useEffect(() => setBoardsText(String(bom.boards)), [bom.boards]);
  const boardsValue = Number(boardsText);
  const boardsError =
    boardsText.trim() === '' || !Number.isInteger(boardsValue) || boardsValue < 1 || boardsValue > MAX_BOARDS_IN_PANE
      ? `Give a whole number from 1 to ${MAX_BOARDS_IN_PANE.toLocaleString('en-US')}.`
      : undefined;
  const read = bom.read;
  const headerValue = read ? read.headerRow : bom.headerChoice;
  const inferred = new Set(read?.inferredFields ?? []);
  // Why each column was taken, in the words `partsheet price --explain` uses.
  const why = new Map((read ? explainFields(read) : []).map((f) => [f.field, f.why]));
  const notTaken = read ? read.partNumberCandidates.filter((c) => c.column !== read.mapping.partNumber) : [];
  // Lines to buy the reader could not give a part number (a purchase list, a schematic export of values).
  const unpriced = read ? read.skipped.filter((k) => k.reason === 'incomplete').length : 0;
  const noPartNumbers = read && read.mapping.partNumber === undefined && read.supplierColumns.length === 0 ? read.warnings.find((w) => w.code === 'part-number-column') : undefined;

  return (
    <section className={s.section} aria-labelledby="mapping-heading">
      <h2 id="mapping-heading" className={s.heading}>
        2. Check the columns
      </h2>
      <Field label="Header row">
        <Select
          className={sel.root}
          select={{ className: sel.select }}
          value={headerValue === null || headerValue === undefined ? NONE : String(headerValue)}
          disabled={disabled}
          onChange={(_, data) => onHeaderRow(data.value === NONE ? null : Number(data.value))}
        >
          <option value={NONE}>No header row</option>
          {Array.from({ length: Math.min(HEADER_CHOICES, bom.cells.length) }, (_, r) => (
            <option key={r} value={String(r)}>
              {rowPreview(bom, r)}
            </option>
          ))}
        </Select>
      </Field>
      <div className={s.fieldGrid}>
        {BOM_FIELDS.map((field) => {
          const value = bom.mapping[field];
          const id = `map-${field}`;
          return (
            <Field
              key={field}
              label={FIELD_LABELS[field]}
              required={field === 'partNumber'}
              hint={
                value === undefined || !why.has(field) ? undefined : (
                  <span data-testid={`why-${field}`}>
                    {inferred.has(field) ? `Found by its content; check it.` : why.get(field)}
                    {field === 'partNumber' &&
                      notTaken.map((c) => (
                        <Fragment key={c.column}>
                          <br />
                          Not taken: {candidateEvidence(c)}
                        </Fragment>
                      ))}
                  </span>
                )
              }
              validationState={field === 'partNumber' && value === undefined ? 'error' : 'none'}
              validationMessage={field === 'partNumber' && value === undefined ? 'Choose the column with the manufacturer part numbers.' : undefined}
            >
              <Select
                id={id}
                className={sel.root}
                select={{ className: sel.select }}
                value={value === undefined ? NONE : String(value)}
                disabled={disabled}
                onChange={(_, data) => onMap(field, data.value === NONE ? null : Number(data.value))}
              >
                <option value={NONE}>{field === 'partNumber' ? '(choose)' : '(none)'}</option>
                {bom.columns.map((c) => (
                  <option key={c.index} value={String(c.index)}>
                    {c.label}
                  </option>
                ))}
              </Select>
            </Field>
          );
        })}
        <Field label="Boards to build" validationState={boardsError ? 'error' : 'none'} validationMessage={boardsError}>
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_BOARDS_IN_PANE}
            step={1}
            value={boardsText}
            disabled={disabled}
            onChange={(_, data) => {
              setBoardsText(data.value);
              const n = Number(data.value);
              if (data.value.trim() !== '' && Number.isInteger(n) && n >= 1 && n <= MAX_BOARDS_IN_PANE) onBoards(n);
            }}
          />
        </Field>
      </div>
      <p className={s.small}>Need per line = quantity per board × boards.</p>
      {bom.readError && (
        <MessageBar intent="error">
          <MessageBarBody>{bom.readError}</MessageBarBody>
        </MessageBar>
      )}
      {read && (
        <>
          {noPartNumbers && (
            <MessageBar intent="warning" data-testid="no-part-numbers">
              <MessageBarBody>{noPartNumbers.message}</MessageBarBody>
            </MessageBar>
          )}
          <p className={s.text} data-testid="bom-counts">
            <strong>{plural(read.lines.length, 'line')}</strong> to price, {plural(read.skipped.length, 'line')} skipped.
            {unpriced > 0 && ` Of those, ${plural(unpriced, 'line')} to buy ${unpriced === 1 ? 'has' : 'have'} no part number: listed, not priced.`}
          </p>
          {(read.alternateColumns?.length ?? 0) > 0 && (
            <p className={s.small} data-testid="bom-alternates">
              Approved alternates:{' '}
              {read.alternateColumns!
                .map((c) => `${bom.columns.find((col) => col.index === c.partNumber)?.label ?? read.headers[c.partNumber]}${c.manufacturer === undefined ? '' : ` with ${read.headers[c.manufacturer]}`}`)
                .join(', ')}
              ; {plural(read.lines.filter((l) => (l.alternates?.length ?? 0) > 0).length, 'line')} give some. One is bought when a line&apos;s own part
              cannot be (not found, not Active, short).
            </p>
          )}
          <SkippedList skipped={read.skipped} warnings={read.warnings} />
        </>
      )}
    </section>
  );
}
