import { schemaResolver, useForm, type UseFormReturnType } from '@mantine/form';

type Schema = Parameters<typeof schemaResolver>[0];

/**
 * A controlled form validated by a zod schema, with the spec's touched-only errors: a field the
 * player changed (dirty) is checked when they leave it; an untouched field only on submit. Passing
 * through an empty field (say, to click a link below it) never pops an error and shifts the
 * layout under the pointer.
 */
export function useValidatedForm<Values extends Record<string, unknown>>(
  schema: Schema,
  initialValues: Values,
): UseFormReturnType<Values> {
  return useForm<Values>({
    mode: 'controlled',
    initialValues,
    validate: schemaResolver(schema, { sync: true }),
    enhanceGetInputProps: ({ field, form }) => ({
      onBlur: () => {
        if (form.isDirty(field)) form.validateField(field);
      },
    }),
  });
}
