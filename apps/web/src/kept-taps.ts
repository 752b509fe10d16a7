/**
 * A tap is never lost while a server-rendered page waits for the app (take-over.ts). What the
 * page can do as plain HTML it does at once: a link opens its page, a radio or a checkbox is
 * chosen (and looks chosen: the shop styles a choice by `:checked`), a form that names its
 * `action` is sent. What needs the app is kept and carried out once the app has taken the page
 * over, in the order it happened:
 * - a press on a button (ADD TO CART, the theme, the menu…) shows it is busy (`data-kept`,
 *   `aria-busy`) and is pressed again;
 * - a choice (a radio, a checkbox) and typed text are told to the app, which took the page over
 *   with the server's state and would otherwise put it back at its next render.
 * Nothing else is imported here: this is part of the take-over script, which a phone loads first.
 */

/** The attribute a kept button carries until it is pressed again (index.css shows it busy). */
export const KEPT = 'data-kept';

type Field = HTMLInputElement | HTMLTextAreaElement;
/** A press on a button, or a field as the shopper left it (checked: a radio's or a checkbox's). */
type Kept = { press: HTMLElement } | { field: Field; checked: boolean | undefined; value: string };

/** A radio's or a checkbox's state; undefined for a field that holds text. */
const checkedOf = (field: Field) =>
  field.type === 'radio' || field.type === 'checkbox'
    ? (field as HTMLInputElement).checked
    : undefined;

/** One task of its own for each kept tap: the app renders the one before first. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve));

/**
 * Tells the app about a field. A framework keeps the last value it saw (React watches the
 * element's own `checked` and `value` properties): the field is first set through them to the
 * other state, then moved back as a tap or typing does, which the app hears as a change.
 */
function retell(field: Field, checked: boolean | undefined, value: string) {
  if (checked !== undefined && field instanceof HTMLInputElement) {
    field.checked = !checked;
    field.click();
    return;
  }
  field.value = `${value} `;
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Starts keeping what is tapped inside `root`; the answer carries it out (call it once the app
 * answers taps itself).
 */
export function keepTaps(root: HTMLElement): () => Promise<void> {
  let kept: Kept[] = [];
  /** While a kept tap is carried out: its own events are not kept again. */
  let carrying = false;

  function onClick(event: Event) {
    if (carrying) return;
    const control = (event.target as Element).closest?.('button');
    if (!control || !root.contains(control)) return;
    // The submit button of a form the browser can send itself: the page it opens answers.
    if (control.type === 'submit' && control.form?.hasAttribute('action')) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (control.hasAttribute(KEPT)) return; // already kept, and showing it
    control.setAttribute(KEPT, '');
    control.setAttribute('aria-busy', 'true');
    kept.push({ press: control });
  }

  /** Keeps a field as the shopper left it; its latest state is what counts. */
  function keepField(field: Field) {
    kept = kept.filter((k) => !('field' in k) || k.field !== field);
    kept.push({ field, checked: checkedOf(field), value: field.value });
  }

  function onInput(event: Event) {
    const field = event.target as Field;
    if (!carrying && root.contains(field) && 'value' in field) keepField(field);
  }

  // What changed before this script ran (a browser that painted the page first, or one that
  // restored a form on a reload): a field no longer as the server wrote it.
  for (const field of root.querySelectorAll<Field>('input, textarea')) {
    const checked = checkedOf(field);
    if (
      checked === undefined
        ? field.value !== field.defaultValue
        : checked !== (field as HTMLInputElement).defaultChecked
    )
      keepField(field);
  }

  document.addEventListener('click', onClick, true);
  document.addEventListener('input', onInput, true);

  // Taps that come while the kept ones are carried out join the queue: they come after them.
  return async function carryOut() {
    for (let tap = kept.shift(); tap; tap = kept.shift()) {
      await nextTask();
      carrying = true;
      if ('press' in tap) {
        tap.press.removeAttribute(KEPT);
        tap.press.removeAttribute('aria-busy');
        if (tap.press.isConnected) tap.press.click();
      } else if (tap.field.isConnected) {
        retell(tap.field, tap.checked, tap.value);
      }
      carrying = false;
    }
    document.removeEventListener('click', onClick, true);
    document.removeEventListener('input', onInput, true);
  };
}
