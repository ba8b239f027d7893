import { Button, Field, Input, Spinner, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { SearchRegular } from '@fluentui/react-icons';
import { useEffect, useRef, useState } from 'react';
import type { Part } from '../../src/catalog/model';
import type { QuotedPart } from '../../src/workflows/quotes';
import { describeProblem } from '../errors';
import { quoteLine } from './figures';
import { misfits } from '../../src/purchase/part-fit';
import { useInputStyles, useSectionStyles } from './styles';

export interface ReplacementSearchProps {
  /** The BOM's part number, the search's starting text. */
  partNumber: string;
  /** The sheet row number, for labels. */
  row: number;
  /** What the BOM says of the line (its description), to flag a candidate of another value or package. */
  lineDescription: string;
  need: number;
  busy: boolean;
  onSearch: (token: string, need: number, signal: AbortSignal) => Promise<QuotedPart[]>;
  onUse: (part: Part) => void;
}

const useStyles = makeStyles({
  form: { display: 'flex', alignItems: 'flex-end', columnGap: tokens.spacingHorizontalS, minWidth: 0 },
  found: {
    margin: 0,
    padding: 0,
    listStyleType: 'none',
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalXS,
  },
  item: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    columnGap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  name: { fontWeight: tokens.fontWeightSemibold, color: tokens.colorNeutralForeground1, overflowWrap: 'anywhere' },
  differs: {
    display: 'block',
    color: tokens.colorPaletteRedForeground1,
    fontWeight: tokens.fontWeightSemibold,
    fontSize: tokens.fontSizeBase200,
  },
});

/** A prefix search for a part that was not found; the chosen part goes to the "Replacement MPN" column. */
export function ReplacementSearch({
  partNumber,
  row,
  lineDescription,
  need,
  busy,
  onSearch,
  onUse,
}: ReplacementSearchProps) {
  const s = useSectionStyles();
  const inp = useInputStyles();
  const c = useStyles();
  const [token, setToken] = useState(partNumber);
  const [found, setFound] = useState<QuotedPart[] | null>(null);
  const [searching, setSearching] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const search = async () => {
    if (token.trim() === '') return;
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setSearching(true);
    setError(null);
    try {
      const result = await onSearch(token, need, controller.signal);
      if (!controller.signal.aborted) setFound(result);
    } catch (e) {
      if (!controller.signal.aborted) setError(describeProblem(e).text);
    } finally {
      if (abort.current === controller) setSearching(false);
    }
  };

  return (
    <div className={s.section} style={{ borderBottom: 'none', paddingTop: 0 }}>
      <form
        className={c.form}
        role="search"
        aria-label={`Find a replacement for row ${row}`}
        onSubmit={(e) => {
          e.preventDefault();
          void search();
        }}
      >
        <Field label="Part numbers starting with" className={mergeClasses(inp.field, s.grow)}>
          <Input
            className={inp.root}
            input={{ className: inp.input }}
            value={token}
            onChange={(_, d) => setToken(d.value)}
          />
        </Field>
        <Button type="submit" icon={<SearchRegular />} disabled={searching || token.trim() === ''}>
          Search
        </Button>
      </form>
      {searching && <Spinner size="tiny" label="Searching the parts service…" />}
      {error && (
        <p className={s.text} role="alert">
          {error}
        </p>
      )}
      {found && !searching && found.length === 0 && (
        <p className={s.text}>No part number starts with "{token.trim()}". Try fewer characters.</p>
      )}
      {found && found.length > 0 && (
        <ul className={c.found} aria-label={`Parts found for row ${row}`}>
          {found.map(({ part, quote }) => {
            const maker = part.manufacturerName || part.manufacturerCode;
            const differs = misfits(lineDescription, `${part.description} ${part.packageType}`);
            return (
              <li key={part.itemId} className={c.item}>
                <span>
                  <span className={c.name}>
                    {part.partNumber}
                    {maker ? ` — ${maker}` : ''}
                  </span>
                  {(part.description || part.packageType) && (
                    <span className={s.text} style={{ display: 'block' }}>
                      {[part.description, part.packageType].filter(Boolean).join(' · ')}
                    </span>
                  )}
                  <span className={s.small} style={{ display: 'block' }}>
                    {quoteLine(quote)}
                  </span>
                  {differs.length > 0 && (
                    <span className={c.differs} data-testid="candidate-differs">
                      Differs from the line: {differs.join('; ')}
                    </span>
                  )}
                </span>
                <Button
                  size="small"
                  disabled={busy}
                  onClick={() => onUse(part)}
                  aria-label={`Use ${part.partNumber}${maker ? ` (${maker})` : ''} for row ${row}`}
                >
                  Use
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
