/**
 * Exchanges and returns on the shopper's order page (docs/behaviour/returns.md): per line,
 * Exchange (another size or colour in stock) or Return within the window, or the server's
 * reason why not beside the line; then each request with its steps, its refund or its
 * replacement's tracking, and Cancel request while it is not yet approved.
 */
import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Order, OrderItem, OrderReturn, ReturnOptionsResponse } from '@repo/shared';
import { ONE_SIZE } from '@repo/shared/constants';
import { MAX_PHOTO_BYTES } from '@repo/shared/constants/forms';
import {
  RETURN_REASON_LABELS,
  RETURN_REASONS,
  type ReturnKind,
  type ReturnReason,
} from '@repo/shared/constants/returns';
import { variantLabel } from '@repo/shared/rules';
import { orderNumber } from '@repo/shared/rules/orders';
import { Button } from '@/components/ui/button';
import { SelectField, TextAreaField, TextField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { Notice } from '@/components/ui/notice';
import {
  returnReason,
  returnRefundLine,
  returnSummary,
  ReturnPhoto,
  ReturnStatusBadge,
  ReturnTimeline,
} from '@/components/ui/return-status';
import { ShipmentLine } from '@/components/ui/shipment-line';
import { paths } from '@/config/paths';
import { ApiError, messageOf } from '@/lib/api-client';
import { checkPhoto } from '@/lib/check-photo';
import { formatDate } from '@/lib/format';
import { toast } from '@/lib/toast';
import { usePreviewUrl } from '@/lib/use-preview-url';
import { useOrder } from '../api/get-order';
import { useCancelReturn, useRequestReturn, useReturnOptions } from '../api/returns';

type LineOption = ReturnOptionsResponse['items'][number];

const sectionClass =
  'rounded-2xl border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-800 dark:bg-slate-900';
const mutedClass = 'text-slate-600 dark:text-slate-400';
const refusalClass = 'text-sm text-amber-800 dark:text-amber-300';

/** The photo chosen, before it is sent: a thumbnail with its name, and a button to drop it. */
function ChosenPhoto({ file, onRemove }: { file: File; onRemove: () => void }) {
  const url = usePreviewUrl(file);
  return (
    <div className="flex items-center gap-3 rounded-lg border border-slate-200 p-2 dark:border-slate-700">
      {url ? (
        <img
          src={url}
          alt={`Preview of ${file.name}`}
          className="h-16 w-16 shrink-0 rounded-md object-cover"
        />
      ) : (
        <span className="h-16 w-16 shrink-0 rounded-md bg-slate-100 dark:bg-slate-800" />
      )}
      <p className="line-clamp-2 min-w-0 flex-1 text-sm break-all">{file.name}</p>
      <Button
        size="sm"
        variant="ghost"
        aria-label={`Remove the photo ${file.name}`}
        onClick={onRemove}
        className="shrink-0"
      >
        Remove
      </Button>
    </div>
  );
}

/** The request's form for one line: how many, the size and colour wanted, and why. */
function RequestDialog({
  order,
  item,
  option,
  kind,
  userId,
  onClose,
}: {
  order: Order;
  item: OrderItem;
  option: LineOption;
  kind: ReturnKind;
  userId: string;
  onClose: () => void;
}) {
  const choices = option.exchange.choices;
  const [colour, setColour] = useState(
    choices.find((c) => c.colour === item.colour)?.colour ?? choices[0]?.colour ?? '',
  );
  const sizes = choices.find((c) => c.colour === colour)?.sizes ?? [];
  const [size, setSize] = useState(sizes[0]?.size ?? '');
  const [quantity, setQuantity] = useState(1);
  const [reason, setReason] = useState<ReturnReason | ''>('');
  const [comment, setComment] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const photoInput = useRef<HTMLInputElement>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState('');
  const request = useRequestReturn(userId, order._id);

  const inStock = sizes.find((s) => s.size === size)?.quantity ?? 0;
  const most = kind === 'exchange' ? Math.min(option.left, inStock || 1) : option.left;
  // Colours are asked only when there is a choice of them (a tee in one colour: sizes only).
  const askColour = choices.length > 1 || (choices[0] && choices[0].colour !== item.colour);

  function send() {
    const missing: Record<string, string> = {};
    if (!reason) missing.reason = 'Choose a reason';
    if (reason === 'other' && !comment.trim()) missing.comment = 'Tell us what is wrong';
    // A photo refused here stays said beside its field; the request goes without it.
    setErrors(errors.photo ? { ...missing, photo: errors.photo } : missing);
    setRefusal('');
    if (Object.keys(missing).length) return;
    request.mutate(
      {
        body: {
          items: [
            {
              itemId: item.itemId,
              quantity: Math.min(quantity, most),
              kind,
              reason: reason as ReturnReason,
              ...(kind === 'exchange' ? { size, colour } : {}),
              ...(comment.trim() ? { comment: comment.trim() } : {}),
            },
          ],
        },
        photo,
      },
      {
        onSuccess: () => {
          toast.success(
            kind === 'exchange'
              ? 'Your exchange is requested: the size you chose is kept for you.'
              : 'Your return is requested.',
          );
          onClose();
        },
        onError: (error) => {
          // A field's message goes beside it; any other refusal beside the send button.
          const issues =
            error instanceof ApiError
              ? ((error.body.issues as Array<{ path: string; message: string }> | undefined) ?? [])
              : [];
          const beside = Object.fromEntries(
            issues.map((i) => [i.path.replace(/^items\.\d+\./, ''), i.message]),
          );
          // The server's refusal of the photo (not a picture, too large) goes beside it.
          if (error instanceof ApiError && [413, 415].includes(error.status))
            beside.photo = error.message;
          setErrors(beside);
          if (!Object.keys(beside).length)
            setRefusal(messageOf(error, 'Your request could not be sent. Please try again.'));
        },
      },
    );
  }

  const title = `${kind === 'exchange' ? 'Exchange' : 'Return'} ${item.name}`;
  return (
    <Modal title={title} onClose={() => !request.isPending && onClose()}>
      <form
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          send();
        }}
      >
        <p className={`text-sm ${mutedClass}`}>
          You bought {variantLabel(item) || ONE_SIZE} · Qty {item.cartQuantity}
        </p>
        {option.left > 1 && (
          <SelectField
            label="How many"
            value={quantity}
            error={errors.quantity}
            onChange={(e) => setQuantity(Number(e.target.value))}
          >
            {Array.from({ length: most }, (_, k) => (
              <option key={k + 1} value={k + 1}>
                {k + 1}
              </option>
            ))}
          </SelectField>
        )}
        {kind === 'exchange' && askColour && (
          <SelectField
            label="Colour you want"
            value={colour}
            error={errors.colour}
            onChange={(e) => {
              setColour(e.target.value);
              setSize(choices.find((c) => c.colour === e.target.value)?.sizes[0]?.size ?? '');
            }}
          >
            {choices.map((c) => (
              <option key={c.colour} value={c.colour}>
                {c.colour}
              </option>
            ))}
          </SelectField>
        )}
        {kind === 'exchange' && (
          <SelectField
            label="Size you want"
            hint="Only sizes in stock are shown. The one you choose is kept for you."
            value={size}
            error={errors.size}
            onChange={(e) => setSize(e.target.value)}
          >
            {sizes.map((s) => (
              <option key={s.size} value={s.size}>
                {s.size}
              </option>
            ))}
          </SelectField>
        )}
        <SelectField
          label="Reason"
          value={reason}
          error={errors.reason}
          onChange={(e) => setReason(e.target.value as ReturnReason)}
        >
          <option value="" disabled>
            Choose a reason
          </option>
          {RETURN_REASONS.map((r) => (
            <option key={r} value={r}>
              {RETURN_REASON_LABELS[r]}
            </option>
          ))}
        </SelectField>
        {reason === 'other' && (
          <TextAreaField
            label="What is wrong?"
            value={comment}
            maxLength={500}
            error={errors.comment}
            onChange={(e) => setComment(e.target.value)}
          />
        )}
        <TextField
          ref={photoInput}
          type="file"
          accept="image/*"
          label="Photo (optional)"
          hint={`A picture of the piece helps us, for example if it is damaged: one image, up to ${MAX_PHOTO_BYTES / (1024 * 1024)} MB.`}
          error={errors.photo}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (!file) return setPhoto(null);
            void checkPhoto(file).then((checked) => {
              const ok = typeof checked !== 'string';
              setPhoto(ok ? checked : null);
              setErrors(({ photo: _, ...rest }) => (ok ? rest : { ...rest, photo: checked }));
              if (!ok) e.target.value = '';
            });
          }}
        />
        {photo && (
          <ChosenPhoto
            file={photo}
            onRemove={() => {
              setPhoto(null);
              setErrors(({ photo: _, ...rest }) => rest);
              // The field forgets the file too, and keeps the focus the removed button had.
              if (photoInput.current) {
                photoInput.current.value = '';
                photoInput.current.focus();
              }
            }}
          />
        )}
        {refusal && <Notice tone="error">{refusal}</Notice>}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={onClose} disabled={request.isPending}>
            Keep it
          </Button>
          <Button type="submit" loading={request.isPending}>
            {kind === 'exchange' ? 'Request exchange' : 'Request return'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** One line with its Exchange and Return, or why it cannot be sent back. */
function LineControls({
  order,
  item,
  option,
  userId,
}: {
  order: Order;
  item: OrderItem;
  option: LineOption | undefined;
  userId: string;
}) {
  const [open, setOpen] = useState<ReturnKind | null>(null);
  const label = `${item.name} (${variantLabel(item) || ONE_SIZE})`;
  const refused = option?.refused;
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="min-w-0 text-sm font-medium break-words">{label}</p>
      {!option ? null : refused ? (
        <p className={refusalClass}>{refused}</p>
      ) : (
        <div className="flex flex-wrap items-center gap-2">
          {option.exchange.refused ? (
            <p className={refusalClass}>{option.exchange.refused}</p>
          ) : (
            <Button
              size="sm"
              variant="secondary"
              aria-label={`Exchange ${label}`}
              onClick={() => setOpen('exchange')}
            >
              Exchange
            </Button>
          )}
          {option.return.refused ? (
            <p className={refusalClass}>{option.return.refused}</p>
          ) : (
            <Button
              size="sm"
              variant="outline"
              aria-label={`Return ${label}`}
              onClick={() => setOpen('return')}
            >
              Return
            </Button>
          )}
        </div>
      )}
      {open && option && (
        <RequestDialog
          order={order}
          item={item}
          option={option}
          kind={open}
          userId={userId}
          onClose={() => setOpen(null)}
        />
      )}
    </li>
  );
}

/** The replacement of an exchange: its order and, once shipped, its courier and tracking. */
function Replacement({
  userId,
  replacement,
}: {
  userId: string;
  replacement: OrderReturn['replacement'];
}) {
  const order = useOrder(userId, replacement?.orderId ?? '', { enabled: Boolean(replacement) });
  if (!replacement) return null;
  const shipment = order.data?.order.shipment;
  return (
    <div className="text-sm">
      <p>
        Replacement:{' '}
        <Link
          to={paths.userOrder(replacement.orderId)}
          className="font-medium text-brand-600 hover:underline dark:text-brand-100"
        >
          order #{orderNumber(replacement.orderId)}
        </Link>
      </p>
      {shipment ? (
        <ShipmentLine shipment={shipment} />
      ) : (
        order.data && <p className={mutedClass}>It ships soon; its tracking will show here.</p>
      )}
    </div>
  );
}

function RequestCard({
  order,
  request,
  userId,
}: {
  order: Order;
  request: OrderReturn;
  userId: string;
}) {
  const cancel = useCancelReturn(userId, order._id);
  const refund = returnRefundLine(request);
  return (
    <li className="space-y-2 py-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="min-w-0 text-sm font-medium break-words">{returnSummary(request)}</p>
        <ReturnStatusBadge status={request.status} />
      </div>
      <p className={`text-sm ${mutedClass}`}>Reason: {returnReason(request)}</p>
      <ReturnPhoto request={request} />
      {refund && <p className="text-sm">{refund}</p>}
      {request.status === 'check_failed' && (
        <p className="text-sm">It did not pass our check, so we are sending it back to you.</p>
      )}
      <Replacement userId={userId} replacement={request.replacement} />
      <ReturnTimeline request={request} viewer="customer" />
      {request.status === 'requested' && (
        <Button
          size="sm"
          variant="outline"
          loading={cancel.isPending}
          onClick={() =>
            cancel.mutate(request._id, {
              onSuccess: () => toast.success('Your request is cancelled.'),
              onError: (error) =>
                toast.error(
                  messageOf(error, 'The request could not be cancelled. Please try again.'),
                ),
            })
          }
        >
          Cancel request
        </Button>
      )}
    </li>
  );
}

export function OrderReturns({ order, userId }: { order: Order; userId: string }) {
  const delivered = order.status === 'delivered' && !order.exchangeFor;
  const options = useReturnOptions(userId, order._id, delivered);
  const requests = [...(order.returns ?? [])].reverse();
  if (!delivered && !requests.length) return null;
  const data = options.data;
  const byItem = new Map(data?.items.map((i) => [i.itemId, i]));
  return (
    <section aria-labelledby="returns-heading" className={`${sectionClass} print:hidden`}>
      <h2 id="returns-heading" className="mb-1 text-base font-semibold">
        Exchanges and returns
      </h2>
      {delivered &&
        (options.isError ? (
          <p className={refusalClass}>
            {messageOf(options.error, 'What can be sent back could not be loaded.')}{' '}
            <button type="button" className="underline" onClick={() => void options.refetch()}>
              Try again
            </button>
          </p>
        ) : data?.closed ? (
          <p className={refusalClass}>{data.closed}</p>
        ) : data?.windowEndsAt ? (
          <>
            <p className={`text-sm ${mutedClass}`}>
              Wrong size? Exchange it for another size or colour, or return it, until{' '}
              <time dateTime={data.windowEndsAt}>{formatDate(data.windowEndsAt)}</time>.
            </p>
            <ul className="divide-y divide-slate-100 dark:divide-slate-800">
              {order.items.map((item) => (
                <LineControls
                  key={item.itemId}
                  order={order}
                  item={item}
                  option={byItem.get(item.itemId)}
                  userId={userId}
                />
              ))}
            </ul>
          </>
        ) : null)}
      {requests.length > 0 && (
        <>
          <h3 className="mt-3 text-sm font-semibold">Your requests</h3>
          <ul className="divide-y divide-slate-100 dark:divide-slate-800">
            {requests.map((r) => (
              <RequestCard key={r._id} order={order} request={r} userId={userId} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
