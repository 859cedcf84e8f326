import { css } from '@styled/css';
import type { TextareaHTMLAttributes } from 'react';
import { controlStyle, LabelledField, type FieldProps } from './field';

// Apart from field.tsx, which the sign-in page loads: only portal screens take several lines.
const textArea = css(controlStyle, { minHeight: '32', py: '2', resize: 'vertical' });

/** A text of several lines (a reason), wired like TextField. */
export function TextAreaField({ label, error, hint, className, ...area }: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <LabelledField
      {...{ label, error, hint, className }}
      name={area.name}
      control={(wiring) => <textarea className={textArea} {...wiring} {...area} />}
    />
  );
}
