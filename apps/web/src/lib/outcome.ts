/**
 * Screens tell apart a call the server refused (it answered "no", often with a message)
 * from an exception (no answer at all, or a bug). These helpers turn either into the
 * right toast, in one place for every screen.
 */
import { useEffect } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

/** A field's problem as the server lists it (a 400's `issues`), keyed by the field's path. */
export type FieldErrors = Partial<Record<string, string>>;

/** The fields the server named in a refusal ({ issues: [{ path, message }] }), else {}. */
function fieldErrorsOf(error: unknown): FieldErrors {
  const issues = error instanceof ApiError ? error.body.issues : undefined;
  const errors: FieldErrors = {};
  if (!Array.isArray(issues)) return errors;
  for (const issue of issues as Array<{ path?: unknown; message?: unknown }>) {
    const path = typeof issue?.path === 'string' ? issue.path.split('.')[0]! : '';
    if (path && typeof issue.message === 'string') errors[path] ??= issue.message;
  }
  return errors;
}

/**
 * The server's message for a refusal (an HTTP error that came back with a body), else null.
 * When it names a field, the field's own message alone ("Name is required", never
 * "name: Name is required"): the form shows it beside the field too.
 */
function refusalMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status === 0) return null;
  const [first] = Object.values(fieldErrorsOf(error));
  if (first) return first;
  return typeof error.body.message === 'string' && error.body.message ? error.body.message : '';
}

/** A call's outcome: its answer, or why it failed and the fields the server named. */
export type Outcome<T> =
  { ok: true; answer: T } | { ok: false; message: string; fields: FieldErrors; refused: boolean };

/**
 * Await a call, without a word to the user: the answer when it succeeded; on `success: false`
 * or an HTTP refusal the server's message (or `refused` when it sent none, `refused: true`), on
 * an exception `exception`.
 */
export async function outcomeOf<T extends { success: boolean; message?: string }>(
  call: Promise<T>,
  texts: { refused: string; exception: string },
): Promise<Outcome<T>> {
  try {
    const answer = await call;
    if (answer.success) return { ok: true, answer };
    return { ok: false, message: answer.message || texts.refused, fields: {}, refused: true };
  } catch (error) {
    const refusal = refusalMessage(error);
    return {
      ok: false,
      message: refusal === null ? texts.exception : refusal || texts.refused,
      fields: fieldErrorsOf(error),
      refused: refusal !== null,
    };
  }
}

/**
 * Await a mutation; on `success: false` or an HTTP refusal show the server's message (or
 * `refused` when it sent none), on an exception show `exception`. Resolves to the answer
 * when it succeeded, else null. `onFieldErrors` hears which fields the server refused
 * ({} when it named none, so a form clears what it showed before) and, for a refusal, what the
 * toast said (a one-field form shows it beside its field).
 */
export async function settle<T extends { success: boolean; message?: string }>(
  call: Promise<T>,
  texts: { refused: string; exception: string },
  onFieldErrors?: (errors: FieldErrors, refusal?: string) => void,
): Promise<T | null> {
  const result = await outcomeOf(call, texts);
  if (result.ok) {
    onFieldErrors?.({});
    return result.answer;
  }
  onFieldErrors?.(result.fields, result.refused ? result.message : undefined);
  toast.error(result.message);
  return null;
}

/**
 * Report a failed load once per failure: `refused` when the answer says `success: false`,
 * `error` when the call failed. Without texts the failure is only logged (users,
 * admin orders: docs/behaviour/storefront-and-seo.md).
 */
export function useLoadFailure(
  query: Pick<UseQueryResult, 'data' | 'error' | 'dataUpdatedAt' | 'errorUpdatedAt'>,
  what: string,
  texts?: { refused: string; error: string },
) {
  const refused = (query.data as { success?: unknown } | undefined)?.success === false;
  const { error, dataUpdatedAt, errorUpdatedAt } = query;
  useEffect(() => {
    if (!refused) return;
    if (texts) toast.error(texts.refused);
    else console.error(`Loading ${what} was refused`);
    // Once per answer: dataUpdatedAt changes with each new one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refused, dataUpdatedAt]);
  useEffect(() => {
    if (!error) return;
    if (texts) toast.error(texts.error);
    else console.error(`Loading ${what} failed`, error);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [error, errorUpdatedAt]);
}
