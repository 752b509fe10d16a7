/**
 * The admin's Coupons page: the codes (what each gives, its limits, how often it was used and
 * what it gave away; create, edit, pause or resume) and the automatic offers (a bundle "3 for
 * ₹999" or a cart-value discount; create, pause or resume). The server checks every term and
 * names the field it refuses; the form shows it beside that field.
 */
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { AdminCoupon, AdminOffer, CouponBody, OfferBody } from '@repo/shared';
import { formatRupees, paiseToRupees, toPaise } from '@repo/shared/rules';
import { Button } from '@/components/ui/button';
import { controlClasses, Field } from '@/components/ui/form-field';
import { EmptyState } from '@/components/ui/empty-state';
import { Loading } from '@/components/ui/spinner';
import { cardClass } from '@/components/ui/styles';
import { cn } from '@/lib/cn';
import { settle, useLoadFailure, type FieldErrors } from '@/lib/outcome';
import { toast } from '@/lib/toast';
import {
  useAdminCoupons,
  useCreateOffer,
  usePauseCoupon,
  usePauseOffer,
  useSaveCoupon,
} from '../api/admin-coupons';

const failure = { refused: 'Something went wrong', exception: 'Something went wrong' };
const rupees = (paise: number | null | undefined) => formatRupees(paiseToRupees(paise ?? 0));

/** "10% off up to ₹300", "₹200 off". */
export function couponGives(
  c: Pick<AdminCoupon, 'kind' | 'percentOff' | 'amountOffPaise' | 'maxDiscountPaise'>,
) {
  if (c.kind === 'flat') return `${rupees(c.amountOffPaise)} off`;
  return `${c.percentOff ?? 0}% off${c.maxDiscountPaise ? ` up to ${rupees(c.maxDiscountPaise)}` : ''}`;
}

/** The code's limits in a line: minimum, dates, uses, first order, prepaid, combining. */
function couponTerms(c: AdminCoupon): string {
  const terms = [
    c.minCartPaise ? `min ${rupees(c.minCartPaise)}` : '',
    c.startsOn || c.endsOn ? `${c.startsOn ?? '…'} to ${c.endsOn ?? '…'}` : '',
    c.maxUsesPerCustomer ? `${c.maxUsesPerCustomer} per customer` : '',
    c.firstOrderOnly ? 'first order only' : '',
    c.prepaidOnly ? 'prepaid only' : '',
    c.combinable ? '' : 'not with offers',
    c.categories.length || c.products.length ? 'some items only' : '',
  ];
  return terms.filter(Boolean).join(' · ');
}

function StatusBadge({ paused }: { paused: boolean }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        paused
          ? 'bg-slate-100 text-slate-800 ring-slate-300 dark:bg-slate-400/15 dark:text-slate-200 dark:ring-slate-400/40'
          : 'bg-green-100 text-green-900 ring-green-300 dark:bg-green-400/15 dark:text-green-200 dark:ring-green-400/40',
      )}
    >
      {paused ? 'Paused' : 'Active'}
    </span>
  );
}

function Section({
  title,
  action,
  children,
}: {
  title: string;
  action: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-lg font-bold text-slate-900 dark:text-white">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

export function AdminCoupons() {
  const list = useAdminCoupons();
  useLoadFailure(list, 'coupons', {
    refused: 'Failed to load coupons',
    error: 'Failed to load coupons',
  });
  const [editing, setEditing] = useState<AdminCoupon | 'new' | null>(null);
  const [newOffer, setNewOffer] = useState(false);
  if (list.isPending) return <Loading text="Loading coupons..." />;
  const coupons = list.data?.coupons ?? [];
  const offers = list.data?.offers ?? [];
  return (
    <div className="flex flex-col gap-8">
      <Section
        title="Codes"
        action={
          editing === null && (
            <Button size="sm" onClick={() => setEditing('new')}>
              New code
            </Button>
          )
        }
      >
        {editing !== null && (
          <CouponForm
            key={editing === 'new' ? 'new' : editing._id}
            coupon={editing === 'new' ? undefined : editing}
            onDone={() => setEditing(null)}
          />
        )}
        {coupons.length === 0 ? (
          <EmptyState title="No codes yet." />
        ) : (
          <ul className="flex flex-col gap-3">
            {coupons.map((c) => (
              <li key={c._id}>
                <CouponCard coupon={c} onEdit={() => setEditing(c)} />
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section
        title="Automatic offers"
        action={
          !newOffer && (
            <Button size="sm" onClick={() => setNewOffer(true)}>
              New offer
            </Button>
          )
        }
      >
        {newOffer && <OfferForm onDone={() => setNewOffer(false)} />}
        {offers.length === 0 ? (
          <EmptyState title="No automatic offers yet." />
        ) : (
          <ul className="flex flex-col gap-3">
            {offers.map((o) => (
              <li key={o._id}>
                <OfferCard offer={o} />
              </li>
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}

function Usage({ children }: { children: ReactNode }) {
  return <p className="text-sm text-slate-700 tabular-nums dark:text-slate-300">{children}</p>;
}

function CouponCard({ coupon: c, onEdit }: { coupon: AdminCoupon; onEdit: () => void }) {
  const pause = usePauseCoupon();
  async function toggle() {
    const answer = await settle(pause.mutateAsync({ couponId: c._id, paused: !c.paused }), failure);
    if (answer) toast.success(answer.message);
  }
  return (
    <article aria-label={`Code ${c.code}`} className={`${cardClass} flex flex-col gap-2 p-4`}>
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-mono text-base font-bold text-slate-900 dark:text-white">{c.code}</h3>
        <StatusBadge paused={c.paused} />
      </header>
      <p className="font-semibold text-slate-900 dark:text-white">
        {couponGives(c)}
        {c.description && (
          <span className="font-normal text-slate-600 dark:text-slate-400"> — {c.description}</span>
        )}
      </p>
      {couponTerms(c) && (
        <p className="text-sm text-slate-600 dark:text-slate-400">{couponTerms(c)}</p>
      )}
      <Usage>
        Uses {c.uses}
        {c.maxUses !== null && ` of ${c.maxUses}`} · {c.orders}{' '}
        {c.orders === 1 ? 'order' : 'orders'} · {formatRupees(c.givenAway)} given
      </Usage>
      <div className="flex flex-wrap gap-2 border-t border-slate-200 pt-3 dark:border-slate-700">
        <Button size="sm" variant="outline" onClick={onEdit} aria-label={`Edit ${c.code}`}>
          Edit
        </Button>
        <Button
          size="sm"
          variant="outline"
          loading={pause.isPending}
          onClick={() => void toggle()}
          aria-label={`${c.paused ? 'Resume' : 'Pause'} ${c.code}`}
        >
          {c.paused ? 'Resume' : 'Pause'}
        </Button>
      </div>
    </article>
  );
}

function OfferCard({ offer: o }: { offer: AdminOffer }) {
  const pause = usePauseOffer();
  async function toggle() {
    const answer = await settle(pause.mutateAsync({ offerId: o._id, paused: !o.paused }), failure);
    if (answer) toast.success(answer.message);
  }
  return (
    <article aria-label={`Offer ${o.name}`} className={`${cardClass} flex flex-col gap-2 p-4`}>
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-bold text-slate-900 dark:text-white">{o.headline}</h3>
        <StatusBadge paused={o.paused} />
      </header>
      <p className="text-sm text-slate-600 dark:text-slate-400">{o.name}</p>
      <Usage>
        {o.orders} {o.orders === 1 ? 'order' : 'orders'} · {formatRupees(o.givenAway)} given
      </Usage>
      <div className="flex flex-wrap gap-2 border-t border-slate-200 pt-3 dark:border-slate-700">
        <Button
          size="sm"
          variant="outline"
          loading={pause.isPending}
          onClick={() => void toggle()}
          aria-label={`${o.paused ? 'Resume' : 'Pause'} ${o.name}`}
        >
          {o.paused ? 'Resume' : 'Pause'}
        </Button>
      </div>
    </article>
  );
}

/** Rupees typed → paise ('' → null). */
const paiseOf = (value: string): number | null => (value.trim() ? toPaise(Number(value)) : null);
const rupeesOf = (paise: number | null | undefined) =>
  paise === null || paise === undefined ? '' : String(paiseToRupees(paise));
const wholeNumber = { type: 'number', inputMode: 'numeric' } as const;
const rupeeAmount = { type: 'number', inputMode: 'decimal' } as const;
const countOf = (value: string): number | null => (value.trim() ? Number(value) : null);

function TextInput({
  label,
  error,
  hint,
  ...props
}: { label: string; error?: string | undefined; hint?: string } & React.ComponentProps<'input'>) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(control) => <input {...control} {...props} className={controlClasses} />}
    </Field>
  );
}

function Check({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (value: boolean) => void;
}) {
  return (
    <label className="flex min-h-10 items-center gap-2 text-sm text-slate-800 dark:text-slate-200">
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="h-4 w-4 accent-brand-600"
      />
      {label}
    </label>
  );
}

function CouponForm({ coupon, onDone }: { coupon?: AdminCoupon | undefined; onDone: () => void }) {
  const save = useSaveCoupon();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [f, setF] = useState({
    code: coupon?.code ?? '',
    description: coupon?.description ?? '',
    kind: coupon?.kind ?? 'percent',
    percentOff: coupon?.percentOff ? String(coupon.percentOff) : '',
    amountOff: rupeesOf(coupon?.amountOffPaise),
    maxDiscount: rupeesOf(coupon?.maxDiscountPaise),
    minCart: coupon?.minCartPaise ? rupeesOf(coupon.minCartPaise) : '',
    startsOn: coupon?.startsOn ?? '',
    endsOn: coupon?.endsOn ?? '',
    maxUses: coupon?.maxUses ? String(coupon.maxUses) : '',
    maxUsesPerCustomer:
      coupon === undefined
        ? '1'
        : coupon.maxUsesPerCustomer
          ? String(coupon.maxUsesPerCustomer)
          : '',
    firstOrderOnly: coupon?.firstOrderOnly ?? false,
    prepaidOnly: coupon?.prepaidOnly ?? false,
    combinable: coupon?.combinable ?? true,
  });
  const set = (patch: Partial<typeof f>) => setF((old) => ({ ...old, ...patch }));
  const percent = f.kind === 'percent';

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body: CouponBody & { version?: number } = {
      code: f.code,
      description: f.description,
      kind: f.kind,
      percentOff: percent ? countOf(f.percentOff) : null,
      amountOffPaise: percent ? null : paiseOf(f.amountOff),
      maxDiscountPaise: percent ? paiseOf(f.maxDiscount) : null,
      minCartPaise: paiseOf(f.minCart) ?? 0,
      startsOn: f.startsOn || null,
      endsOn: f.endsOn || null,
      maxUses: countOf(f.maxUses),
      maxUsesPerCustomer: countOf(f.maxUsesPerCustomer),
      firstOrderOnly: f.firstOrderOnly,
      prepaidOnly: f.prepaidOnly,
      combinable: f.combinable,
      categories: coupon?.categories ?? [],
      products: coupon?.products ?? [],
      paused: coupon?.paused ?? false,
      ...(coupon ? { version: coupon.version } : {}),
    };
    const answer = await settle(save.mutateAsync({ couponId: coupon?._id, body }), failure, (e) =>
      setErrors(e),
    );
    if (answer) {
      toast.success(answer.message);
      onDone();
    }
  }

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label={coupon ? `Edit ${coupon.code}` : 'New code'}
      className={`${cardClass} grid gap-4 p-4 sm:grid-cols-2`}
    >
      <TextInput
        label="Code"
        value={f.code}
        onChange={(e) => set({ code: e.target.value.toUpperCase() })}
        error={errors.code}
        hint="3 to 20 letters, digits or hyphens"
        autoComplete="off"
      />
      <TextInput
        label="Description (shoppers read it)"
        value={f.description}
        onChange={(e) => set({ description: e.target.value })}
        error={errors.description}
      />
      <Field label="Discount" error={errors.kind}>
        {(control) => (
          <select
            {...control}
            value={f.kind}
            onChange={(e) => set({ kind: e.target.value as 'percent' | 'flat' })}
            className={controlClasses}
          >
            <option value="percent">Percent off</option>
            <option value="flat">Flat amount off</option>
          </select>
        )}
      </Field>
      {percent ? (
        <TextInput
          label="Percent off"
          {...wholeNumber}
          min={1}
          max={90}
          value={f.percentOff}
          onChange={(e) => set({ percentOff: e.target.value })}
          error={errors.percentOff}
        />
      ) : (
        <TextInput
          label="Amount off (₹)"
          {...rupeeAmount}
          min={1}
          value={f.amountOff}
          onChange={(e) => set({ amountOff: e.target.value })}
          error={errors.amountOffPaise}
        />
      )}
      {percent && (
        <TextInput
          label="Maximum discount (₹, optional)"
          {...rupeeAmount}
          min={1}
          value={f.maxDiscount}
          onChange={(e) => set({ maxDiscount: e.target.value })}
          error={errors.maxDiscountPaise}
        />
      )}
      <TextInput
        label="Minimum cart value (₹, optional)"
        type="number"
        inputMode="decimal"
        min={0}
        value={f.minCart}
        onChange={(e) => set({ minCart: e.target.value })}
        error={errors.minCartPaise}
      />
      <TextInput
        label="First day (optional)"
        type="date"
        value={f.startsOn}
        onChange={(e) => set({ startsOn: e.target.value })}
        error={errors.startsOn}
      />
      <TextInput
        label="Last day (optional)"
        type="date"
        value={f.endsOn}
        onChange={(e) => set({ endsOn: e.target.value })}
        error={errors.endsOn}
      />
      <TextInput
        label="Uses in all (optional)"
        type="number"
        inputMode="numeric"
        min={1}
        value={f.maxUses}
        onChange={(e) => set({ maxUses: e.target.value })}
        error={errors.maxUses}
      />
      <TextInput
        label="Uses per customer (optional)"
        type="number"
        inputMode="numeric"
        min={1}
        value={f.maxUsesPerCustomer}
        onChange={(e) => set({ maxUsesPerCustomer: e.target.value })}
        error={errors.maxUsesPerCustomer}
      />
      <fieldset className="flex flex-col sm:col-span-2">
        <legend className="sr-only">Conditions</legend>
        <Check
          label="First order only"
          checked={f.firstOrderOnly}
          onChange={(v) => set({ firstOrderOnly: v })}
        />
        <Check
          label="Prepaid only (not with cash on delivery)"
          checked={f.prepaidOnly}
          onChange={(v) => set({ prepaidOnly: v })}
        />
        <Check
          label="Combines with the automatic offer"
          checked={f.combinable}
          onChange={(v) => set({ combinable: v })}
        />
      </fieldset>
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" loading={save.isPending}>
          {coupon ? 'Save code' : 'Create code'}
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function OfferForm({ onDone }: { onDone: () => void }) {
  const create = useCreateOffer();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [f, setF] = useState({
    name: '',
    kind: 'bundle' as 'bundle' | 'cart',
    pieces: '3',
    bundlePrice: '',
    percentOff: '',
    minCart: '',
  });
  const set = (patch: Partial<typeof f>) => setF((old) => ({ ...old, ...patch }));
  const bundle = f.kind === 'bundle';

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body: OfferBody = bundle
      ? {
          name: f.name,
          kind: 'bundle',
          bundlePieces: countOf(f.pieces),
          bundlePricePaise: paiseOf(f.bundlePrice),
        }
      : {
          name: f.name,
          kind: 'cart',
          discountKind: 'percent',
          percentOff: countOf(f.percentOff),
          minCartPaise: paiseOf(f.minCart) ?? 0,
        };
    const answer = await settle(create.mutateAsync(body), failure, (e) => setErrors(e));
    if (answer) {
      toast.success(answer.message);
      onDone();
    }
  }

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label="New offer"
      className={`${cardClass} grid gap-4 p-4 sm:grid-cols-2`}
    >
      <TextInput
        label="Name"
        value={f.name}
        onChange={(e) => set({ name: e.target.value })}
        error={errors.name}
      />
      <Field label="Kind" error={errors.kind}>
        {(control) => (
          <select
            {...control}
            value={f.kind}
            onChange={(e) => set({ kind: e.target.value as 'bundle' | 'cart' })}
            className={controlClasses}
          >
            <option value="bundle">Bundle (N for a price)</option>
            <option value="cart">Percent off a cart value</option>
          </select>
        )}
      </Field>
      {bundle ? (
        <>
          <TextInput
            label="Pieces"
            {...wholeNumber}
            min={2}
            value={f.pieces}
            onChange={(e) => set({ pieces: e.target.value })}
            error={errors.bundlePieces}
          />
          <TextInput
            label="Bundle price (₹)"
            {...rupeeAmount}
            min={1}
            value={f.bundlePrice}
            onChange={(e) => set({ bundlePrice: e.target.value })}
            error={errors.bundlePricePaise}
          />
        </>
      ) : (
        <>
          <TextInput
            label="Percent off"
            {...wholeNumber}
            min={1}
            max={90}
            value={f.percentOff}
            onChange={(e) => set({ percentOff: e.target.value })}
            error={errors.percentOff}
          />
          <TextInput
            label="From a cart of (₹)"
            {...rupeeAmount}
            min={0}
            value={f.minCart}
            onChange={(e) => set({ minCart: e.target.value })}
            error={errors.minCartPaise}
          />
        </>
      )}
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" loading={create.isPending}>
          Create offer
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
