/**
 * What a visitor typed (or the browser autofilled) into an island's fields before its code was
 * there: the server's HTML is a working form to type in, and React's hydration keeps the text in
 * the field but not in the form's state (its controlled value, and so the field's defaultValue,
 * is still the rendered one). Once the island has hydrated, each such field's text is handed to
 * React as an input event, as if typed then, so the form has it (its value, its label, its
 * validation).
 */
export function handOverTypedValues(element: HTMLElement): void {
  // All of them first: the form's render after one field's change puts its state back into the others.
  const typed = [...element.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')]
    .filter((field) => !(field instanceof HTMLInputElement && !TEXT_TYPES.has(field.type)) && field.value !== field.defaultValue)
    .map((field) => ({ field, value: field.value }));
  // A box ticked (or unticked) before the code came: React changes a checkbox on its click.
  const ticked = [...element.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')].filter((box) => box.checked !== box.defaultChecked).map((box) => ({ box, checked: box.checked }));
  for (const { box, checked } of ticked) {
    // The element's own setter, which React watches: React now knows the rendered state; the click makes it the visitor's.
    box.checked = !checked;
    box.click();
  }
  for (const { field, value } of typed) {
    // The field's own setter, which React watches: React now knows the rendered value...
    field.value = field.defaultValue;
    // ...and the element's setter puts the typed text back behind React's back, so the input event is a change to it.
    const prototype = field instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

/** Fields whose value is text a person types (not checkboxes, buttons, files). */
const TEXT_TYPES = new Set(['text', 'email', 'tel', 'number', 'search', 'url', 'password']);
