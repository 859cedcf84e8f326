/**
 * What a person typed into a prerendered page before the app arrived (decision 099). Hydration sets each controlled
 * field back to the value its state holds (empty): the values are read before and given back after, as input the
 * page's own handlers take, so the form state has them and the form sends them.
 */
type Typed = [field: HTMLInputElement | HTMLTextAreaElement, value: string | boolean];

export const readTypedValues = (container: HTMLElement): Typed[] =>
  [...container.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')].flatMap((field): Typed[] => {
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio'))
      return field.checked === field.defaultChecked ? [] : [[field, field.checked]];
    return field.value === field.defaultValue ? [] : [[field, field.value]];
  });

export const restoreTypedValues = (typed: Typed[]): void => {
  for (const [field, value] of typed) {
    if (!field.isConnected) continue;
    if (typeof value === 'boolean') {
      if ((field as HTMLInputElement).checked !== value) field.click();
      continue;
    }
    // The prototype's setter: React watches the element's own, and would take the change for its own.
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')!.set!.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
};
