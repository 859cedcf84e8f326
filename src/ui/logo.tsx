import { logoUrl } from '@contract/brand';
import type { Region } from '@contract/enums';
import { css } from '@styled/css';

/** The regional logo: the Spanish variant has its own. */
export function Logo({ region, alt, height = 32 }: { region: Region; alt: string; height?: number }) {
  return (
    <img
      src={logoUrl(region)}
      alt={alt}
      height={height}
      width={height * 4}
      className={css({ display: 'block', height: 'auto' })}
      data-region={region}
    />
  );
}
