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
    for (const field of form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[name], textarea[name]')) {
      const toggle = field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');
      values[field.name] = toggle ? field.checked : field.value;
      changed ||= toggle ? field.checked !== field.defaultChecked : field.value !== field.defaultValue;
    }
    if (changed) handOverDraft(path, values);
    typed ||= changed;
  }
  return typed;
}
