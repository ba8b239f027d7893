import { makeStyles, tokens } from '@fluentui/react-components';

/** Styles the order review and the order result share. */
export const useOrderStyles = makeStyles({
  actions: {
    display: 'flex',
    flexWrap: 'wrap',
    columnGap: tokens.spacingHorizontalS,
    rowGap: tokens.spacingVerticalS,
    alignItems: 'center',
  },
  body: {
    overflowWrap: 'anywhere',
    whiteSpace: 'normal',
  },
  facts: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalXXS,
    margin: 0,
    fontSize: tokens.fontSizeBase300,
    color: tokens.colorNeutralForeground1,
    '& dt': { color: tokens.colorNeutralForeground2 },
    '& dd': { margin: 0, overflowWrap: 'anywhere', fontVariantNumeric: 'tabular-nums' },
  },
  /** The lines as processed: a figure table (styles.ts useFigureTableStyles) with these rules added. */
  processed: {
    '& th, & td': { fontVariantNumeric: 'tabular-nums' },
    // Quantities, amounts and ship dates never break inside ("2026-11-\n25"); the part column wraps instead.
    '& td': { whiteSpace: 'nowrap' },
    '& th:first-child, & td:first-child': { textAlign: 'left', overflowWrap: 'anywhere', whiteSpace: 'normal' },
    '& thead th': { color: tokens.colorNeutralForeground2, fontWeight: tokens.fontWeightSemibold },
  },
});
