import { css } from '@styled/css';

/*
 * A list as a table on wide screens; on phones each row is a card and the header row is read by screen readers only.
 * Where it turns into a table is the list's: `md` for most, `lg` for a table too wide for a tablet beside the menu
 * (the staff's products, six columns). The phone styles are written once and the wide ones once, under either
 * breakpoint (Panda reads the objects below where they are used).
 */

/** Where a list turns from cards into a table. */
export type TableFrom = 'md' | 'lg';

const cardsTable = {
  width: '100%',
  borderCollapse: 'collapse',
  display: 'block',
  borderRadius: 'card',
  // Rounds the table's corners on wide screens; on phones the rows are cards whose borders it must not cut.
  overflow: 'visible',
  '&[aria-busy=true]': { opacity: 0.6 },
  '& thead': { display: 'block', position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)' },
  '& tbody': { display: 'flex', flexDirection: 'column', gap: '3' },
  '& th': {
    textAlign: 'start',
    fontSize: 'sm',
    color: 'muted',
    fontWeight: 'medium',
    px: '4',
    py: '3',
    borderBottomWidth: '1px',
    borderColor: 'line',
  },
} as const;
const wideTable = {
  display: 'table',
  bg: 'surface',
  overflow: 'hidden',
  '& thead': { display: 'table-header-group', position: 'static', width: 'auto', height: 'auto', overflow: 'visible', clip: 'auto' },
  '& tbody': { display: 'table-row-group' },
} as const;

/** The table, by where it turns into one. */
export const listTable: Record<TableFrom, string> = {
  md: css(cardsTable, { md: wideTable }),
  lg: css(cardsTable, { lg: wideTable }),
};

const cardRow = {
  position: 'relative',
  p: '3',
  bg: 'surface',
  borderWidth: '1px',
  borderBottomWidth: '1px',
  borderColor: 'line',
  borderRadius: 'control',
  cursor: 'pointer',
  _hover: { bg: 'accentSoft' },
  '& td': { verticalAlign: 'middle' },
} as const;
const wideRow = {
  p: '0',
  borderWidth: '0',
  borderRadius: '0',
  '&:last-child': { borderBottomWidth: '0' },
  '& td': { px: '4', py: '3' },
} as const;

/** A row of it, a card on phones: each list adds how its card lays out (`display` on phones, columns, gaps). */
export const listRow = {
  md: css.raw(cardRow, { md: wideRow }),
  lg: css.raw(cardRow, { lg: wideRow }),
} satisfies Record<TableFrom, unknown>;

/** A card of a list drawn as cards at every width (ul/li): what it is and its actions side by side, wrapping. */
export const listCard = css.raw({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  p: { base: '3', md: '4' },
  bg: 'surface',
  borderWidth: '1px',
  borderColor: 'line',
  borderRadius: 'control',
});

/** The row's name: its link covers the whole row, so a click anywhere opens the item. */
export const rowLink = css({
  fontWeight: 'semibold',
  color: 'ink',
  textDecoration: 'none',
  overflowWrap: 'anywhere',
  _hover: { textDecoration: 'underline' },
  _after: { content: '""', position: 'absolute', inset: 0 },
});

/** A row of a list: what it is at the start, its actions at the end (wrapping below on a phone), a line above it. */
export const actionRow = css({
  display: 'flex',
  flexWrap: 'wrap',
  gap: '3',
  alignItems: 'center',
  justifyContent: 'space-between',
  py: '3',
  borderTopWidth: '1px',
  borderColor: 'line',
});
