import { Field, Input, MessageBar, MessageBarBody, Select } from '@fluentui/react-components';
import { Fragment, useEffect, useState } from 'react';
import {
  BOM_FIELDS,
  type BomField,
  candidateEvidence,
  columnOrigins,
  explainFields,
  explainReading,
} from '../../src/bom';
import { FIELD_LABELS, MAX_BOARDS_IN_PANE, type BomView } from '../controller';
import { type BoardsList, parseBoardsList } from '../../src/purchase/scenarios';
import { ChoiceSelect } from './ChoiceSelect';
import { SheetQuestion } from './SheetQuestion';
import { SkippedList } from './SkippedList';
import { useSectionStyles, useSelectStyles } from './styles';
import { countOf, plural } from '../../src/text/plural';
import { asSentence } from '../../src/text/words';
import { countListText } from '../../src/text/count-list';

export interface MappingEditorProps {
  bom: BomView;
  disabled: boolean;
  onMap: (field: BomField, column: number | null) => void;
  onHeaderRow: (row: number | null) => void;
  onBoards: (boards: number) => void;
  /** Boards gives several quantities ("1, 10, 100"): compared at the next pricing. */
  onQuantities?: (quantities: number[], first: number) => void;
  /** The quantity of the scenarios the BOM sheet is written for. */
  onChoose?: (boards: number) => void;
  /** The answer to the question whether another sheet is the BOM. */
  onSheetAnswer?: (answer: 'other' | 'keep') => void;
  /** The build variant to read (null: every line fitted), where the BOM marks variants in columns. */
  onVariant?: (variant: string | null) => void;
}

/** What a Boards text says, or why it says nothing usable. */
function readBoards(text: string): BoardsList | { error: string } {
  try {
    return parseBoardsList(text, MAX_BOARDS_IN_PANE);
  } catch (e) {
    return { error: asSentence((e as Error).message) };
  }
}

function boardsTextOf(bom: BomView): string {
  return bom.quantities && bom.quantities.length > 1 ? countListText(bom.quantities) : String(bom.boards);
}

const NONE = 'none';
const HEADER_CHOICES = 15;

/** "Row 3: MPN | Qty | Ref…" for the header-row choice. */
function rowPreview(bom: BomView, r: number): string {
  const texts = (bom.cells[r] ?? [])
    .map((c) =>
      String(c ?? '')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter((t) => t !== '');
  const text = texts.slice(0, 4).join(' | ');
  return `Row ${bom.location.rowIndex + r + 1}: ${text.length > 48 ? `${text.slice(0, 47)}…` : text || '(blank)'}`;
}

type SelectStyles = ReturnType<typeof useSelectStyles>;

/** The header-row choice: none, or one of the first rows with a preview of its cells. */
function HeaderRowField({
  bom,
  disabled,
  onHeaderRow,
  sel,
}: Pick<MappingEditorProps, 'bom' | 'disabled' | 'onHeaderRow'> & { sel: SelectStyles }) {
  const headerValue = bom.read ? bom.read.headerRow : bom.headerChoice;
  return (
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
  );
}

/** One dropdown per BOM field, each with why its column was taken. */
function ColumnFields({
  bom,
  disabled,
  onMap,
  sel,
}: Pick<MappingEditorProps, 'bom' | 'disabled' | 'onMap'> & { sel: SelectStyles }) {
  const read = bom.read;
  // Why each column was taken, in the words `partsheet price --explain` uses, from the pane's record of how.
  const origins = bom.origins ?? (read ? columnOrigins(read) : {});
  const why = new Map((read ? explainFields(read, origins) : []).map((f) => [f.field, f.why]));
  const notTaken = read ? read.partNumberCandidates.filter((c) => c.column !== read.mapping.partNumber) : [];
  // No manufacturer part-number column, but distributors' numbers: each line is bought by its own, as the CLI does.
  const byDistributor = read !== null && read.mapping.partNumber === undefined && read.supplierColumns.length > 0;
  return (
    <>
      {BOM_FIELDS.map((field) => {
        const value = bom.mapping[field];
        const id = `map-${field}`;
        return (
          <Field
            key={field}
            label={FIELD_LABELS[field]}
            required={field === 'partNumber'}
            hint={
              !why.has(field) || (value === undefined && !byDistributor) ? undefined : (
                <span data-testid={`why-${field}`}>
                  {origins[field]?.by === 'content' ? `Found by its content; check it.` : why.get(field)}
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
            validationState={field === 'partNumber' && value === undefined && !byDistributor ? 'error' : 'none'}
            validationMessage={
              field === 'partNumber' && value === undefined && !byDistributor
                ? 'Choose the column with the manufacturer part numbers.'
                : undefined
            }
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
    </>
  );
}

/** The Boards text as typed; it follows the BOM's boards unless it already says them. */
function useBoardsText(bom: BomView) {
  const [boardsText, setBoardsText] = useState(boardsTextOf(bom));
  // The field follows the BOM's boards unless it already says them (a list being typed is not rewritten).
  const shown = boardsTextOf(bom);
  useEffect(
    () =>
      setBoardsText((text) => {
        const now = readBoards(text);
        return 'error' in now || countListText(now.quantities) !== countListText(bom.quantities ?? [bom.boards])
          ? shown
          : text;
      }),
    [shown],
  );
  return [boardsText, setBoardsText] as const;
}

/** Boards to build (one number or several), and which of several the BOM sheet is written for. */
function BoardsFields({
  bom,
  disabled,
  onBoards,
  onQuantities,
  onChoose,
}: Pick<MappingEditorProps, 'bom' | 'disabled' | 'onBoards' | 'onQuantities' | 'onChoose'>) {
  const [boardsText, setBoardsText] = useBoardsText(bom);
  const parsed = readBoards(boardsText);
  const boardsError = 'error' in parsed ? parsed.error : undefined;
  const several = bom.quantities && bom.quantities.length > 1 ? bom.quantities : null;
  return (
    <>
      <Field
        label="Boards to build"
        style={{ gridColumn: '1 / -1' }}
        hint="One number, or several to compare: 1, 10, 100, 1000"
        validationState={boardsError ? 'error' : 'none'}
        validationMessage={boardsError}
      >
        <Input
          type="text"
          inputMode="numeric"
          value={boardsText}
          disabled={disabled}
          onChange={(_, data) => {
            setBoardsText(data.value);
            const next = readBoards(data.value);
            if ('error' in next) return;
            if (onQuantities) onQuantities(next.quantities, next.first);
            else onBoards(next.first);
          }}
        />
      </Field>
      {several && (
        <div style={{ gridColumn: '1 / -1' }}>
          <ChoiceSelect
            id="bom-quantity"
            label="Quantity the BOM sheet is written for"
            hint="The other quantities go to the Scenarios sheet."
            options={several.map((q) => ({ value: q, text: countOf(q, 'board') }))}
            chosen={bom.boards}
            busy={disabled}
            onChoose={(n) => (onChoose ?? onBoards)(n)}
          />
        </div>
      )}
    </>
  );
}

/** What the reader made of the sheet: counts, alternates, and the rows it skipped. */
function ReadSummary({ bom }: { bom: BomView }) {
  const s = useSectionStyles();
  const read = bom.read;
  if (!read) return null;
  // Lines to buy the reader could not give a part number (a purchase list, a schematic export of values).
  const unpriced = read.skipped.filter((k) => k.reason === 'incomplete').length;
  const noPartNumbers =
    read.mapping.partNumber === undefined && read.supplierColumns.length === 0
      ? read.warnings.find((w) => w.code === 'part-number-column')
      : undefined;
  return (
    <>
      {noPartNumbers && (
        <MessageBar intent="warning" data-testid="no-part-numbers">
          <MessageBarBody>{noPartNumbers.message}</MessageBarBody>
        </MessageBar>
      )}
      <p className={s.text} data-testid="bom-counts">
        <strong>{countOf(read.lines.length, 'line')}</strong> to price, {countOf(read.skipped.length, 'line')} skipped.
        {unpriced > 0 &&
          ` Of those, ${countOf(unpriced, 'line')} to buy ${plural(unpriced, 'has', 'have')} no part number: listed, not priced.`}
      </p>
      {(read.alternateColumns?.length ?? 0) > 0 && (
        <p className={s.small} data-testid="bom-alternates">
          Approved alternates:{' '}
          {read
            .alternateColumns!.map(
              (c) =>
                `${bom.columns.find((col) => col.index === c.partNumber)?.label ?? read.headers[c.partNumber]}${c.manufacturer === undefined ? '' : ` with ${read.headers[c.manufacturer]}`}`,
            )
            .join(', ')}
          ; {countOf(read.lines.filter((l) => (l.alternates?.length ?? 0) > 0).length, 'line')} give some. One is bought
          when a line&apos;s own part cannot be (not found, not Active, short).
        </p>
      )}
      <SkippedList skipped={read.skipped} warnings={read.warnings} />
    </>
  );
}

/**
 * How the selection was read, in the words `partsheet price --explain` prints for a file: the header row, each
 * column taken and why (the catalog's answers where it judged the part-number column), those not taken, and what
 * became of the rows.
 */
function ReadingExplained({ bom }: { bom: BomView }) {
  const s = useSectionStyles();
  if (!bom.read) return null;
  const lines = explainReading(bom.read, {
    sheet: bom.location.sheet,
    firstRowNumber: bom.location.rowIndex + 1,
    ...(bom.origins ? { origins: bom.origins } : {}),
  });
  return (
    <details className={s.small} data-testid="bom-reading">
      <summary>How the selection was read</summary>
      {lines.map((line, i) => (
        <div key={i}>{line}</div>
      ))}
    </details>
  );
}

/** Step 2: which column holds what (each a dropdown), the boards to build, and what will be priced or skipped. */
/** The Build variant choice of every line fitted. */
const ALL_VARIANTS = '\u0000all';

export function MappingEditor({
  bom,
  disabled,
  onMap,
  onHeaderRow,
  onBoards,
  onQuantities,
  onChoose,
  onSheetAnswer,
  onVariant,
}: MappingEditorProps) {
  const s = useSectionStyles();
  const sel = useSelectStyles();
  const variants = bom.read?.variants;
  return (
    <section className={s.section} aria-labelledby="mapping-heading">
      <h2 id="mapping-heading" className={s.heading}>
        2. Check the columns
      </h2>
      {bom.sheetQuestion && onSheetAnswer && (
        <SheetQuestion question={bom.sheetQuestion} disabled={disabled} onAnswer={onSheetAnswer} />
      )}
      <HeaderRowField bom={bom} disabled={disabled} onHeaderRow={onHeaderRow} sel={sel} />
      {variants && onVariant && (
        <Field
          label="Build variant"
          hint={`The BOM marks variants in columns: ${variants.names.join(', ')}. Choose the one to build.`}
        >
          <Select
            className={sel.root}
            select={{ className: sel.select }}
            value={variants.read ?? ALL_VARIANTS}
            disabled={disabled}
            onChange={(_, data) => onVariant(data.value === ALL_VARIANTS ? null : data.value)}
          >
            <option value={ALL_VARIANTS}>Every line fitted (no variant chosen)</option>
            {variants.names.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </Select>
        </Field>
      )}
      <div className={s.fieldGrid}>
        <ColumnFields bom={bom} disabled={disabled} onMap={onMap} sel={sel} />
        <BoardsFields
          bom={bom}
          disabled={disabled}
          onBoards={onBoards}
          onQuantities={onQuantities}
          onChoose={onChoose}
        />
      </div>
      <p className={s.small}>Need per line = quantity per board × boards.</p>
      {bom.readError && (
        <MessageBar intent="error">
          <MessageBarBody>{bom.readError}</MessageBarBody>
        </MessageBar>
      )}
      <ReadSummary bom={bom} />
      <ReadingExplained bom={bom} />
    </section>
  );
}
