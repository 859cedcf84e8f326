import { css } from '@styled/css';

const art = css({
  display: { base: 'none', md: 'block' },
  position: 'absolute',
  insetInlineEnd: '0',
  bottom: '0',
  width: '45%',
  maxWidth: '420px',
  pointerEvents: 'none',
});

/**
 * The root path's background picture (SPEC §2), in the site's accent: drawn with the theme's colours, it is green on
 * the Spanish site and purple elsewhere (issue 35). Beside the text on wide screens; a phone has no room beside the
 * buttons, so it shows none.
 */
export function DashboardArt() {
  return (
    <svg className={art} viewBox="0 0 400 300" aria-hidden="true" focusable="false">
      <g opacity="0.9">
        <rect x="120" y="90" width="220" height="150" rx="18" fill="var(--accent-soft)" />
        <rect x="150" y="60" width="220" height="150" rx="18" fill="var(--accent)" opacity="0.18" />
        <rect x="180" y="120" width="160" height="100" rx="12" fill="#fff" stroke="var(--accent)" strokeWidth="3" />
        <rect x="250" y="120" width="14" height="100" fill="var(--accent)" opacity="0.5" />
        <rect x="180" y="160" width="160" height="14" fill="var(--accent)" opacity="0.5" />
        <circle cx="90" cy="220" r="40" fill="var(--accent)" opacity="0.12" />
        <circle cx="360" cy="50" r="26" fill="var(--accent)" opacity="0.15" />
      </g>
    </svg>
  );
}
