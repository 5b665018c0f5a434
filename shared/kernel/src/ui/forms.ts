import { schemaResolver, useForm, type UseFormReturnType } from '@mantine/form';

type Schema = Parameters<typeof schemaResolver>[0];

let pointerIsDown = false;
let listening = false;

/** Whether a mouse button or finger is down right now (captured on the document, installed once). */
function trackPointer(): void {
  if (listening || typeof document === 'undefined') return;
  listening = true;
  document.addEventListener('pointerdown', () => (pointerIsDown = true), true);
  const release = () => (pointerIsDown = false);
  document.addEventListener('pointerup', release, true);
  document.addEventListener('pointercancel', release, true);
}

/**
 * Runs `check` once the press that moved the focus is over. A field left by pressing a link or
 * button below it must not grow an error line under the pointer mid-click: the target would move
 * away before the release and the click would be lost.
 */
function afterPress(check: () => void): void {
  if (!pointerIsDown) {
    check();
    return;
  }
  document.addEventListener('pointerup', () => setTimeout(check, 0), { capture: true, once: true });
}

/**
 * A controlled form validated by a zod schema, with the spec's touched-only errors (document 1,
 * section 5): "touched" means focused and left, as in the form libraries the spec's texts come
 * from, so leaving a field — even an empty one — shows its error; a field never visited shows
 * its error only on submit. A reset (closing a dialog) forgets the visits, so a blur that comes
 * with closing never leaves an error behind.
 */
export function useValidatedForm<Values extends Record<string, unknown>>(
  schema: Schema,
  initialValues: Values,
): UseFormReturnType<Values> {
  trackPointer();
  return useForm<Values>({
    mode: 'controlled',
    initialValues,
    validate: schemaResolver(schema, { sync: true }),
    enhanceGetInputProps: ({ field, form }) => ({
      onBlur: () =>
        afterPress(() => {
          if (form.isTouched(field)) form.validateField(field);
        }),
    }),
  });
}
