import { css } from '@styled/css';

/** A product's picture at the ratio of its images (1360×620, the contract's IMAGE_WIDTH/HEIGHT), framed, grey until it loads. */
export const productPicture = css.raw({
  display: 'block',
  aspectRatio: '1360 / 620',
  objectFit: 'cover',
  borderRadius: 'control',
  bg: 'canvas',
  borderWidth: '1px',
  borderColor: 'line',
});
