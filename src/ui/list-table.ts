import { css } from '@styled/css';

/** A list as a table on wide screens; on phones each row is a card and the header row is read by screen readers only. */
export const listTable = css({
  width: '100%',
  borderCollapse: 'collapse',
  display: { base: 'block', md: 'table' },
  bg: { md: 'surface' },
  borderRadius: 'card',
  // Rounds the table's corners; on phones the rows are cards whose borders it must not cut.
  overflow: { base: 'visible', md: 'hidden' },
  '&[aria-busy=true]': { opacity: 0.6 },
  '& thead': {
    display: { base: 'block', md: 'table-header-group' },
    position: { base: 'absolute', md: 'static' },
    width: { base: '1px', md: 'auto' },
    height: { base: '1px', md: 'auto' },
    overflow: { base: 'hidden', md: 'visible' },
    clip: { base: 'rect(0 0 0 0)', md: 'auto' },
  },
  '& tbody': { display: { base: 'flex', md: 'table-row-group' }, flexDirection: 'column', gap: '3' },
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
});

/** A row of it, a card on phones: each list adds how its card lays out (`display` on phones, columns, gaps). */
export const listRow = css.raw({
  position: 'relative',
  p: { base: '3', md: '0' },
  bg: 'surface',
  borderWidth: { base: '1px', md: '0' },
  borderBottomWidth: '1px',
  borderColor: 'line',
  borderRadius: { base: 'control', md: '0' },
  cursor: 'pointer',
  _hover: { bg: 'accentSoft' },
  '&:last-child': { borderBottomWidth: { md: '0' } },
  '& td': { px: { md: '4' }, py: { md: '3' }, verticalAlign: 'middle' },
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
