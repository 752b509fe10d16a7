/**
 * A form checked with a shared zod schema: react-hook-form with the zod resolver. `field(name)`
 * gives a labelled input (components/ui/form-field) its registration and its message (the
 * first per field); `form.handleSubmit(onValid)` calls onValid with the parsed body, or shows
 * each field's message beside it. A message goes when its field is changed, and the form is
 * checked again when it is sent.
 *
 * `toBody` turns the fields into what the schema checks (e.g. a password sent only when
 * filled); `initialErrors` shows messages from the start (stored values that no longer pass).
 */
import { useEffect, useState } from 'react';
import { useForm, type DefaultValues, type Path, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ZodType } from 'zod';

export function useSchemaForm<Fields extends Record<string, string>, Body>({
  schema,
  defaultValues,
  toBody = (fields) => fields,
  initialErrors = {},
}: {
  schema: ZodType<Body>;
  defaultValues: Fields;
  toBody?: (fields: Fields) => unknown;
  initialErrors?: Partial<Record<keyof Fields & string, string>>;
}) {
  const [resolver] = useState(() => {
    const check = zodResolver(schema as ZodType<Body, Fields>) as unknown as Resolver<
      Fields,
      unknown,
      Body
    >;
    const resolve: Resolver<Fields, unknown, Body> = (fields, context, options) =>
      check(toBody(fields) as Fields, context, options);
    return resolve;
  });
  const form = useForm<Fields, unknown, Body>({
    defaultValues: defaultValues as DefaultValues<Fields>,
    resolver,
    reValidateMode: 'onSubmit',
  });

  const { setError } = form;
  const [shownAtStart] = useState(initialErrors);
  useEffect(() => {
    for (const [name, message] of Object.entries(shownAtStart))
      if (message) setError(name as Path<Fields>, { type: 'stored', message });
  }, [setError, shownAtStart]);

  // A field's message goes as soon as it is changed (it no longer describes what is there); the
  // next send checks it again.
  const field = (name: keyof Fields & string) => ({
    ...form.register(name as Path<Fields>, {
      onChange: () => {
        if (form.formState.errors[name]) form.clearErrors(name as Path<Fields>);
      },
    }),
    error: form.formState.errors[name]?.message as string | undefined,
  });

  return { form, field };
}
