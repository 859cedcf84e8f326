import { cva, cx, type RecipeVariantProps } from '@styled/css';
import type { ButtonHTMLAttributes } from 'react';

/** The one button recipe; links that look like buttons use it through `className={button(...)}`. */
export const button = cva({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '2',
    minHeight: 'touch',
    px: '5',
    borderRadius: 'control',
    fontWeight: 'semibold',
    fontSize: 'md',
    textDecoration: 'none',
    cursor: 'pointer',
    borderWidth: '2px',
    borderColor: 'transparent',
    transition: 'background 0.15s, box-shadow 0.15s',
    _disabled: { opacity: 0.6, cursor: 'not-allowed' },
  },
  variants: {
    tone: {
      primary: { bg: 'accent', color: 'accentFg', _hover: { boxShadow: 'inset 0 0 0 100px rgba(0,0,0,0.08)' } },
      secondary: { bg: 'surface', color: 'accentText', borderColor: 'accentText', _hover: { bg: 'accentSoft' } },
      ghost: { bg: 'transparent', color: 'ink', _hover: { bg: 'accentSoft' } },
    },
    width: { auto: {}, full: { width: '100%' } },
  },
  defaultVariants: { tone: 'primary', width: 'auto' },
});

export type ButtonVariants = RecipeVariantProps<typeof button>;

export function Button({ tone, width, className, type = 'button', ...props }: ButtonHTMLAttributes<HTMLButtonElement> & ButtonVariants) {
  return <button type={type} className={cx(button({ tone, width }), className)} {...props} />;
}
