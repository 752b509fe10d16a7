/**
 * The cart's "Apply code": a field and its button; once applied, what the code saves (or why it
 * gives nothing) beside the field, and Remove. The server decides (POST /coupons/apply); a
 * refusal's reason is shown as it words it ("This code expired on 30 November 2026.").
 */
import { useId, useState, type FormEvent } from 'react';
import type { ApplyCouponResponse } from '@repo/shared';
import { Button } from '@/components/ui/button';
import { controlClasses } from '@/components/ui/form-field';

export function CouponField({
  applied,
  answer,
  checking,
  onApply,
  onRemove,
}: {
  /** The code applied ('' for none). */
  applied: string;
  /** The server's answer for the cart with that code (undefined while it loads). */
  answer: ApplyCouponResponse | undefined;
  checking: boolean;
  onApply: (code: string) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const [typed, setTyped] = useState(applied);
  const [empty, setEmpty] = useState(false);
  const outcome = applied && answer && !checking ? answer : undefined;
  const refused = outcome && !outcome.success;
  const message = empty ? 'Enter a code' : outcome?.message;

  function submit(event: FormEvent) {
    event.preventDefault();
    const code = typed.trim().toUpperCase();
    setEmpty(!code);
    if (code) onApply(code);
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Apply a coupon code">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        Coupon code
      </label>
      <div className="mt-1.5 flex gap-2">
        <input
          id={id}
          name="coupon"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          placeholder="e.g. WELCOME10"
          aria-describedby={message ? `${id}-message` : undefined}
          aria-invalid={refused || empty ? true : undefined}
          className={`${controlClasses} uppercase placeholder:normal-case`}
        />
        {applied && outcome?.success ? (
          <Button
            type="button"
            variant="outline"
            onClick={() => {
              setTyped('');
              onRemove();
            }}
          >
            Remove
          </Button>
        ) : (
          <Button type="submit" variant="outline" loading={Boolean(applied) && checking}>
            Apply
          </Button>
        )}
      </div>
      {message && (
        <p
          id={`${id}-message`}
          role="status"
          data-testid="coupon-message"
          className={`mt-1.5 text-sm font-medium ${
            refused || empty
              ? 'text-red-700 dark:text-red-400'
              : 'text-emerald-700 dark:text-emerald-400'
          }`}
        >
          {message}
        </p>
      )}
    </form>
  );
}
