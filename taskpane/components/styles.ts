import { makeStyles, tokens } from '@fluentui/react-components';

/** Layout shared by the pane's sections: one column, 320–450 px wide, text that wraps. */
export const useSectionStyles = makeStyles({
  section: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalS,
    paddingTop: tokens.spacingVerticalM,
    paddingBottom: tokens.spacingVerticalM,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    minWidth: 0,
  },
  heading: {
    margin: 0,
    fontSize: tokens.fontSizeBase400,
    lineHeight: tokens.lineHeightBase400,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorNeutralForeground1,
  },
  text: {
    margin: 0,
    color: tokens.colorNeutralForeground2,
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
    overflowWrap: 'anywhere',
  },
  small: {
    margin: 0,
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase200,
    overflowWrap: 'anywhere',
  },
  row: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalS,
    rowGap: tokens.spacingVerticalS,
  },
  grow: {
    flexGrow: 1,
    minWidth: 0,
  },
  list: {
    margin: 0,
    paddingLeft: tokens.spacingHorizontalL,
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalXS,
    color: tokens.colorNeutralForeground2,
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase200,
    overflowWrap: 'anywhere',
  },
  /** Fields side by side from 300 px wide, one below the other under it. */
  fieldGrid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(136px, 1fr))',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalS,
    alignItems: 'start',
    minWidth: 0,
  },
  /** A list of cards or steps: no bullets, stacked with a small gap. */
  stack: {
    margin: 0,
    padding: 0,
    listStyleType: 'none',
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalS,
  },
  /** A list that scrolls: it takes keyboard focus (tabIndex 0 where used) so it can be scrolled without a mouse. */
  scroll: {
    maxHeight: '180px',
    overflowY: 'auto',
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
  /** Read by screen readers, not shown. */
  hidden: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
  },
});

/** Dropdowns that keep to the pane's width however long their options are. */
export const useSelectStyles = makeStyles({
  root: {
    minWidth: 0,
    maxWidth: '100%',
  },
  select: {
    minWidth: 0,
    width: '100%',
    textOverflow: 'ellipsis',
  },
});

/** Text boxes that shrink with the pane instead of pushing it wider. */
export const useInputStyles = makeStyles({
  field: {
    minWidth: 0,
  },
  root: {
    minWidth: 0,
    width: '100%',
    maxWidth: '100%',
  },
  input: {
    minWidth: 0,
    width: '100%',
  },
});

/**
 * A compact table of figures (the scenarios, an order's lines as processed): small type, figures right-aligned, a
 * thin rule under each row. Each table adds its own rules with mergeClasses.
 */
export const useFigureTableStyles = makeStyles({
  table: {
    borderCollapse: 'collapse',
    width: '100%',
    fontSize: tokens.fontSizeBase200,
    color: tokens.colorNeutralForeground1,
    '& th, & td': {
      textAlign: 'right',
      padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalXS}`,
      borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    },
  },
});
