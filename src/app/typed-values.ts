import { handOverDraft, type DraftValues } from '@/lib/drafts';

/**
 * What a person typed into a prerendered page before the app arrived (decision 099). Hydration would keep the elements
 * but not what is in them (the fields are controlled, their state is empty): a page typed into is rendered afresh
 * instead, its forms' values handed over as the update reload's drafts are, so the form shows and sends them.
 * Answers whether anything was typed.
 */
export function handOverTypedValues(container: HTMLElement, path: string): boolean {
  let typed = false;
  for (const form of container.querySelectorAll('form')) {
    const values: DraftValues = {};
    let changed = false;
    for (const field of form.querySelectorAll<Field>('input[name]:not([type=hidden]), textarea[name]')) {
      values[field.name] = isToggle(field) ? field.checked : field.value;
      changed ||= isToggle(field) ? field.checked !== field.defaultChecked : field.value !== field.defaultValue;
    }
    if (changed) handOverDraft(path, values);
    typed ||= changed;
  }
  return typed;
}

type Field = HTMLInputElement | HTMLTextAreaElement;

const isToggle = (field: Field): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');

/** A field's place in the page: its form's rank and its name, the same in the document and in React's first render. */
const placeOf = (container: HTMLElement, field: Field): string =>
  `${[...container.querySelectorAll('form')].indexOf(field.form!)} ${field.name}`;

const fieldAt = (container: HTMLElement, place: string): Field | undefined => {
  const [rank, name] = place.split(' ', 2) as [string, string];
  const form = container.querySelectorAll('form')[Number(rank)];
  return form?.querySelector<Field>(`[name="${CSS.escape(name)}"]`) ?? undefined;
};

/**
 * Gives a field its value through React's own change event. The assignment to the element goes through React's value
 * tracker and leaves it at the other value; the prototype's setter then writes the field without telling it, so the
 * event that follows is a change React passes to the form's state.
 */
function giveValue(field: Field, value: string | boolean): void {
  if (isToggle(field)) {
    // A radio is given by the one of its group that was chosen.
    if (field.type === 'checkbox' || value === true) {
      field.checked = !value;
      field.click();
    }
    return;
  }
  field.value = value === '' ? ' ' : '';
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')!.set!.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Typing while the app takes a page over (decision 099). Between the first render's start and its commit (slices of a
 * transition, and the wait for the page's lazy parts), a field React has rendered but not committed takes text that
 * reaches no change handler: the form's state stays empty and its next render, the submit's, writes that back into the
 * field. A page rendered afresh replaces the elements typed into. Listens from before the render; the returned
 * function, called as the render is committed, gives every field typed into meanwhile its last value, and the focus
 * back if the commit took it.
 */
export function keepTypingDuringTakeOver(container: HTMLElement): () => void {
  const typed = new Map<string, string | boolean>();
  let focused: string | undefined;
  const fieldOf = (event: Event) =>
    (event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement) &&
    event.target.name !== '' &&
    event.target.type !== 'hidden' &&
    event.target.form !== null
      ? event.target
      : undefined;
  const note = (event: Event) => {
    const field = fieldOf(event);
    if (field) typed.set(placeOf(container, field), isToggle(field) ? field.checked : field.value);
  };
  const noteFocus = (event: Event) => {
    const field = fieldOf(event);
    focused = field && placeOf(container, field);
  };
  const listened = [
    ['input', note],
    ['change', note],
    ['focusin', noteFocus],
  ] as const;
  for (const [type, listener] of listened) container.addEventListener(type, listener, true);
  return () => {
    for (const [type, listener] of listened) container.removeEventListener(type, listener, true);
    for (const [place, value] of typed) {
      const field = fieldAt(container, place);
      if (field) giveValue(field, value);
    }
    typed.clear();
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (lost && focused !== undefined) fieldAt(container, focused)?.focus();
  };
}
