/**
 * Focuses the first invalid field of `form` (after the render that marks it), the caret at the end of its text: a
 * caret put back at the start while the person types scrambles what they type ("31.12.2027" read "73.1.1220").
 * A field already focused is left as it is.
 */
export const focusFirstInvalid = (form: HTMLFormElement | null) =>
  requestAnimationFrame(() => {
    const invalid = form?.querySelector<HTMLElement>('[aria-invalid=true]');
    if (!invalid || invalid === document.activeElement) return;
    invalid.focus();
    if ((invalid instanceof HTMLInputElement || invalid instanceof HTMLTextAreaElement) && invalid.selectionStart !== null) {
      invalid.setSelectionRange(invalid.value.length, invalid.value.length);
    }
  });
