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
import { settle, useLoadFailure } from '@/lib/outcome';
import { toast } from '@/lib/toast';
import {
  useAdminCoupons,
  usePauseCoupon,
  usePauseOffer,
  useSaveCoupon,
  useSaveOffer,
} from '../api/admin-coupons';
import {
  CategoryChoice,
  CheckRow,
  ProductChoice,
  type FormState,
  Row,
  rupeeAmount,
  useFormState,
  wholeNumber,
} from './form-rows';

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
  const [editingOffer, setEditingOffer] = useState<AdminOffer | 'new' | null>(null);
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
          editingOffer === null && (
            <Button size="sm" onClick={() => setEditingOffer('new')}>
              New offer
            </Button>
          )
        }
      >
        {editingOffer !== null && (
          <OfferForm
            key={editingOffer === 'new' ? 'new' : editingOffer._id}
            offer={editingOffer === 'new' ? undefined : editingOffer}
            onDone={() => setEditingOffer(null)}
          />
        )}
        {offers.length === 0 ? (
          <EmptyState title="No automatic offers yet." />
        ) : (
          <ul className="flex flex-col gap-3">
            {offers.map((o) => (
              <li key={o._id}>
                <OfferCard offer={o} onEdit={() => setEditingOffer(o)} />
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

function OfferCard({ offer: o, onEdit }: { offer: AdminOffer; onEdit: () => void }) {
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
        <Button size="sm" variant="outline" onClick={onEdit} aria-label={`Edit ${o.name}`}>
          Edit
        </Button>
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
const countOf = (value: string): number | null => (value.trim() ? Number(value) : null);
const countText = (n: number | null | undefined) => (n ? String(n) : '');

function FormButtons({
  label,
  pending,
  onCancel,
}: {
  label: string;
  pending: boolean;
  onCancel: () => void;
}) {
  return (
    <div className="flex gap-2 sm:col-span-2">
      <Button type="submit" loading={pending}>
        {label}
      </Button>
      <Button type="button" variant="ghost" onClick={onCancel}>
        Cancel
      </Button>
    </div>
  );
}

type AmountOffValues = { percentOff: string; amountOff: string; maxDiscount: string };

/** How much comes off: the percent with its maximum, or the flat amount (codes and cart offers). */
function AmountOffRows({ form, percent }: { form: FormState<AmountOffValues>; percent: boolean }) {
  return percent ? (
    <>
      <Row form={form} name="percentOff" label="Percent off" {...wholeNumber} min={1} max={90} />
      <Row
        form={form}
        name="maxDiscount"
        error="maxDiscountPaise"
        label="Maximum discount (₹, optional)"
        {...rupeeAmount}
        min={1}
      />
    </>
  ) : (
    <Row
      form={form}
      name="amountOff"
      error="amountOffPaise"
      label="Amount off (₹)"
      {...rupeeAmount}
      min={1}
    />
  );
}

const DISCOUNT_OPTIONS = [
  ['percent', 'Percent off'],
  ['flat', 'Flat amount off'],
] as const;

function CouponForm({ coupon, onDone }: { coupon?: AdminCoupon | undefined; onDone: () => void }) {
  const save = useSaveCoupon();
  const form = useFormState({
    code: coupon?.code ?? '',
    description: coupon?.description ?? '',
    kind: coupon?.kind ?? 'percent',
    percentOff: countText(coupon?.percentOff),
    amountOff: rupeesOf(coupon?.amountOffPaise),
    maxDiscount: rupeesOf(coupon?.maxDiscountPaise),
    minCart: coupon?.minCartPaise ? rupeesOf(coupon.minCartPaise) : '',
    startsOn: coupon?.startsOn ?? '',
    endsOn: coupon?.endsOn ?? '',
    maxUses: countText(coupon?.maxUses),
    // A new code: once per customer unless the admin says otherwise.
    maxUsesPerCustomer: coupon === undefined ? '1' : countText(coupon.maxUsesPerCustomer),
    firstOrderOnly: coupon?.firstOrderOnly ?? false,
    prepaidOnly: coupon?.prepaidOnly ?? false,
    combinable: coupon?.combinable ?? true,
    categories: coupon?.categories ?? [],
    products: coupon?.products ?? [],
  });
  const f = form.values;
  const percent = f.kind === 'percent';

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body: CouponBody & { version?: number } = {
      code: f.code,
      description: f.description,
      kind: f.kind as 'percent' | 'flat',
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
      categories: f.categories,
      products: f.products,
      paused: coupon?.paused ?? false,
      ...(coupon ? { version: coupon.version } : {}),
    };
    const answer = await settle(
      save.mutateAsync({ couponId: coupon?._id, body }),
      failure,
      form.setErrors,
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
      <Field label="Code" error={form.errors.code} hint="3 to 20 letters, digits or hyphens">
        {(control) => (
          <input
            {...control}
            value={f.code}
            onChange={(e) => form.set({ code: e.target.value.toUpperCase() })}
            autoComplete="off"
            className={controlClasses}
          />
        )}
      </Field>
      <Row form={form} name="description" label="Description (shoppers read it)" />
      <Row form={form} name="kind" label="Discount" options={DISCOUNT_OPTIONS} />
      <AmountOffRows form={form} percent={percent} />
      <Row
        form={form}
        name="minCart"
        error="minCartPaise"
        label="Minimum cart value (₹, optional)"
        {...rupeeAmount}
        min={0}
      />
      <Row form={form} name="startsOn" label="First day (optional)" type="date" />
      <Row form={form} name="endsOn" label="Last day (optional)" type="date" />
      <Row form={form} name="maxUses" label="Uses in all (optional)" {...wholeNumber} min={1} />
      <Row
        form={form}
        name="maxUsesPerCustomer"
        label="Uses per customer (optional)"
        {...wholeNumber}
        min={1}
      />
      <fieldset className="flex flex-col sm:col-span-2">
        <legend className="sr-only">Conditions</legend>
        <CheckRow form={form} name="firstOrderOnly" label="First order only" />
        <CheckRow form={form} name="prepaidOnly" label="Prepaid only (not with cash on delivery)" />
        <CheckRow form={form} name="combinable" label="Combines with the automatic offer" />
      </fieldset>
      <CategoryChoice
        form={form}
        name="categories"
        legend="Categories"
        hint="None ticked here or under Products: every T-shirt."
      />
      <ProductChoice form={form} name="products" />
      <FormButtons
        label={coupon ? 'Save code' : 'Create code'}
        pending={save.isPending}
        onCancel={onDone}
      />
    </form>
  );
}

const OFFER_KINDS = [
  ['bundle', 'Bundle (N for a price)'],
  ['cart', 'Off a cart value'],
] as const;

function OfferForm({ offer, onDone }: { offer?: AdminOffer | undefined; onDone: () => void }) {
  const save = useSaveOffer();
  const form = useFormState({
    name: offer?.name ?? '',
    kind: offer?.kind ?? 'bundle',
    pieces: offer ? countText(offer.bundlePieces) : '3',
    bundlePrice: rupeesOf(offer?.bundlePricePaise),
    discountKind: offer?.discountKind ?? 'percent',
    percentOff: countText(offer?.percentOff),
    amountOff: rupeesOf(offer?.amountOffPaise),
    maxDiscount: rupeesOf(offer?.maxDiscountPaise),
    minCart: offer?.minCartPaise ? rupeesOf(offer.minCartPaise) : '',
    startsOn: offer?.startsOn ?? '',
    endsOn: offer?.endsOn ?? '',
    categories: offer?.categories ?? [],
  });
  const f = form.values;
  const bundle = f.kind === 'bundle';
  const percent = f.discountKind === 'percent';

  async function submit(event: FormEvent) {
    event.preventDefault();
    const common = {
      name: f.name,
      categories: f.categories,
      startsOn: f.startsOn || null,
      endsOn: f.endsOn || null,
      paused: offer?.paused ?? false,
      ...(offer ? { version: offer.version } : {}),
    };
    const body: OfferBody & { version?: number } = bundle
      ? {
          ...common,
          kind: 'bundle',
          bundlePieces: countOf(f.pieces),
          bundlePricePaise: paiseOf(f.bundlePrice),
        }
      : {
          ...common,
          kind: 'cart',
          discountKind: f.discountKind as 'percent' | 'flat',
          percentOff: percent ? countOf(f.percentOff) : null,
          amountOffPaise: percent ? null : paiseOf(f.amountOff),
          maxDiscountPaise: percent ? paiseOf(f.maxDiscount) : null,
          minCartPaise: paiseOf(f.minCart) ?? 0,
        };
    const answer = await settle(
      save.mutateAsync({ offerId: offer?._id, body }),
      failure,
      form.setErrors,
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
      aria-label={offer ? `Edit ${offer.name}` : 'New offer'}
      className={`${cardClass} grid gap-4 p-4 sm:grid-cols-2`}
    >
      <Row form={form} name="name" label="Name" />
      <Row form={form} name="kind" label="Kind" options={OFFER_KINDS} />
      {bundle ? (
        <>
          <Row
            form={form}
            name="pieces"
            error="bundlePieces"
            label="Pieces"
            {...wholeNumber}
            min={2}
          />
          <Row
            form={form}
            name="bundlePrice"
            error="bundlePricePaise"
            label="Bundle price (₹)"
            {...rupeeAmount}
            min={1}
          />
        </>
      ) : (
        <>
          <Row form={form} name="discountKind" label="Discount" options={DISCOUNT_OPTIONS} />
          <AmountOffRows form={form} percent={percent} />
          <Row
            form={form}
            name="minCart"
            error="minCartPaise"
            label="From a cart of (₹)"
            {...rupeeAmount}
            min={0}
          />
        </>
      )}
      <Row form={form} name="startsOn" label="First day (optional)" type="date" />
      <Row form={form} name="endsOn" label="Last day (optional)" type="date" />
      <CategoryChoice
        form={form}
        name="categories"
        legend={bundle ? 'Categories whose tees count' : 'Categories whose tees count to the value'}
        hint="None ticked: every T-shirt counts."
      />
      <FormButtons
        label={offer ? 'Save offer' : 'Create offer'}
        pending={save.isPending}
        onCancel={onDone}
      />
    </form>
  );
}
