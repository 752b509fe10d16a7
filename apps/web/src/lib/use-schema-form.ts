/**
 * Form state checked with a shared zod schema: values, the first message per field, and
 * `field(name)` props for the labelled inputs. `check(body)` returns the parsed body, or
 * null after showing each field's message beside it. `initialErrors` shows messages from the
 * start (stored values that no longer pass the rules).
 */
import { useState } from 'react';
import type { ZodType } from 'zod';

export function useSchemaForm<Fields extends Record<string, string>>(
  initial: Fields,
  initialErrors: Partial<Record<keyof Fields, string>> = {},
) {
  const [values, setValues] = useState<Fields>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>(initialErrors);

  const field = (name: keyof Fields & string) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) =>
      setValues((v) => ({ ...v, [name]: e.target.value })),
  });

  function check<T>(schema: ZodType<T>, body: unknown): T | null {
    const parsed = schema.safeParse(body);
    if (parsed.success) {
      setErrors({});
      return parsed.data;
    }
    const next: Partial<Record<keyof Fields, string>> = {};
    for (const issue of parsed.error.issues) next[issue.path[0] as keyof Fields] ??= issue.message;
    setErrors(next);
    return null;
  }

  return { values, setValues, field, check };
}
