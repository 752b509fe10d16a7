/**
 * "Notify me" on the product page (docs/behaviour/back-in-stock.md): when the chosen colour has
 * sizes sold out, a button beside the sizes opens a small form: which sold-out size (the one
 * chosen in the picker first), and a guest's email (a signed-in shopper is mailed at their
 * account's). The server's refusal shows beside its field; its answer replaces the form.
 *
 * The page is server-rendered: the button is a plain `<button>`, so a tap before the app has
 * taken the page over is kept, shown busy, and carried out once it has (kept-taps.ts).
 */
import { useId, useState, type FormEvent } from 'react';
import type { ProductColour } from '@repo/shared';
import { ONE_SIZE } from '@repo/shared/constants';
import { TEXT_LIMITS } from '@repo/shared/constants/limits';
import { variantLabel } from '@repo/shared/rules';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useNotifyBackInStock } from '../api/notify-back-in-stock';

type Errors = Partial<Record<'size' | 'email' | 'form', string>>;

/** The fields the server named (a 400's issues), else its message for the whole form. */
function errorsOf(error: unknown): Errors {
  if (!(error instanceof ApiError) || error.status === 0)
    return { form: 'We could not reach the shop. Please check your connection and try again.' };
  const issues = Array.isArray(error.body.issues)
    ? (error.body.issues as Array<{ path?: unknown; message?: unknown }>)
    : [];
  const errors: Errors = {};
  for (const issue of issues) {
    const path = issue.path === 'email' || issue.path === 'size' ? issue.path : 'form';
    if (typeof issue.message === 'string') errors[path] ??= issue.message;
  }
  if (!Object.keys(errors).length)
    errors.form = typeof error.body.message === 'string' ? error.body.message : 'Please try again.';
  return errors;
}

export function NotifyMe({
  productId,
  colour,
  size,
}: {
  productId: string;
  colour: ProductColour;
  /** The size chosen in the picker, if any (a sold-out one is the form's first choice). */
  size?: string | undefined;
}) {
  const id = useId();
  const { isAuthenticated } = useSession();
  const soldOut: string[] = colour.sizes.filter((s) => s.quantity <= 0).map((s) => s.size);
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [done, setDone] = useState<{ key: string; message: string } | null>(null);
  const notify = useNotifyBackInStock(productId);
  if (!soldOut.length) return null;

  const oneSize = soldOut.length === 1 && soldOut[0] === ONE_SIZE;
  const wanted =
    chosen && soldOut.includes(chosen)
      ? chosen
      : size && soldOut.includes(size)
        ? size
        : soldOut[0]!;
  const key = `${colour.name}:${wanted}`;
  const named = variantLabel({ colour: colour.name });

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!isAuthenticated && !email.trim()) {
      setErrors({ email: 'Email is required' });
      return;
    }
    setErrors({});
    try {
      const answer = await notify.mutateAsync({
        colour: colour.name,
        size: wanted,
        ...(isAuthenticated ? {} : { email: email.trim() }),
      });
      setDone({ key, message: answer.message });
    } catch (error) {
      setErrors(errorsOf(error));
    }
  }

  return (
    <div className="flex flex-col gap-3">
      <div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          aria-expanded={open}
          aria-controls={`${id}-panel`}
          onClick={() => setOpen((o) => !o)}
        >
          <BellIcon />
          {oneSize
            ? 'Notify me when it’s back'
            : `Size sold out${named ? ` in ${named}` : ''}? Notify me`}
        </Button>
      </div>
      {open && (
        <section
          id={`${id}-panel`}
          aria-labelledby={`${id}-title`}
          className="rounded-xl border border-slate-200 p-4 dark:border-slate-700"
        >
          <h2 id={`${id}-title`} className="text-sm font-bold">
            Notify me when it’s back
          </h2>
          {done?.key === key ? (
            <p
              role="status"
              className="mt-2 text-sm font-semibold text-green-700 dark:text-green-400"
            >
              {done.message}. One mail, only then.
            </p>
          ) : (
            <form onSubmit={submit} noValidate className="mt-3 flex flex-col gap-3">
              {!oneSize && (
                <SelectField
                  label="Size"
                  value={wanted}
                  onChange={(e) => {
                    setChosen(e.target.value);
                    setErrors({});
                  }}
                  error={errors.size}
                >
                  {soldOut.map((s) => (
                    <option key={s} value={s}>
                      {s}
                    </option>
                  ))}
                </SelectField>
              )}
              {isAuthenticated ? (
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  We’ll write to the email of your account, once.
                </p>
              ) : (
                <TextField
                  label="Email"
                  type="email"
                  autoComplete="email"
                  inputMode="email"
                  maxLength={TEXT_LIMITS.email}
                  value={email}
                  onChange={(e) => {
                    setEmail(e.target.value);
                    if (errors.email) setErrors({ ...errors, email: undefined });
                  }}
                  error={errors.email}
                />
              )}
              {errors.form && (
                <p role="alert" className="text-sm font-semibold text-red-700 dark:text-red-400">
                  {errors.form}
                </p>
              )}
              <div>
                <Button type="submit" size="md" loading={notify.isPending}>
                  Notify me
                </Button>
              </div>
            </form>
          )}
        </section>
      )}
    </div>
  );
}

function BellIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="h-4 w-4"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}
