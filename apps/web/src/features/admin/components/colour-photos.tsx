/**
 * The update form's photos per colour: each saved colour's photos in the order shoppers see
 * them, several added at once (dropped or chosen), each with its alt text (saved when the field
 * is left), moved earlier or later, moved to another colour, or deleted (after asking). Every
 * change is one call, saved at once, whose answer (the product with every photo) is shown; one
 * call at a time. A colour added in the form takes photos once the product is saved.
 */
import { useId, useState, type DragEvent } from 'react';
import type { Product } from '@repo/shared';
import { MAX_IMAGES_PER_COLOUR, MAX_PHOTO_BYTES } from '@repo/shared/constants/forms';
import { srcSetOf } from '@repo/shared/rules';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { controlClasses } from '@/components/ui/form-field';
import { checkPhoto } from '@/lib/check-photo';
import { cn } from '@/lib/cn';
import { settle } from '@/lib/outcome';
import { useColourImages, type ColourImageCall } from '../api/colour-images';
import { ImageIcon } from './admin-icons';

type Colour = Product['colours'][number];
type Image = Colour['images'][number];
/** What every photo control needs: the product, whether a call runs, and how to make one. */
interface Ctx {
  product: Product;
  busy: boolean;
  run: (call: ColourImageCall) => Promise<boolean>;
}

const small = 'h-9 min-w-9 px-2 text-sm';
const MAX_MB = MAX_PHOTO_BYTES / (1024 * 1024);

export function ColourPhotos({
  product,
  onChange,
}: {
  product: Product;
  /** Hears the product as the last call answered it. */
  onChange: (product: Product) => void;
}) {
  const calls = useColourImages();
  const [said, setSaid] = useState('');
  const hintId = useId();

  async function run(call: ColourImageCall): Promise<boolean> {
    const answer = await settle(calls.mutateAsync(call), {
      refused: 'The photos could not be changed',
      exception: 'The photos could not be changed',
    });
    if (!answer?.product) return false;
    onChange(answer.product);
    setSaid(answer.message);
    return true;
  }
  const ctx: Ctx = { product, busy: calls.isPending, run };

  return (
    <fieldset
      className="flex min-w-0 flex-col gap-5 rounded-xl border border-slate-200 p-4 dark:border-slate-700"
      aria-describedby={hintId}
      aria-busy={calls.isPending}
    >
      <legend className="px-1 text-sm font-semibold text-slate-800 dark:text-slate-200">
        Photos per colour
      </legend>
      <p id={hintId} className="text-sm text-slate-600 dark:text-slate-400">
        Shoppers see each colour&apos;s photos in this order; the first colour&apos;s first photo is
        the product&apos;s main photo. Changes here are saved at once. A colour added above takes
        photos once the product is updated.
      </p>
      {product.colours.map((colour) => (
        <ColourSection key={colour._id} colour={colour} ctx={ctx} />
      ))}
      <p role="status" className="sr-only">
        {said}
      </p>
    </fieldset>
  );
}

function ColourSection({ colour, ctx }: { colour: Colour; ctx: Ctx }) {
  const headingId = useId();
  const count = colour.images.length;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h3
        id={headingId}
        className="flex items-center gap-2 text-sm font-semibold text-slate-900 dark:text-white"
      >
        <span
          aria-hidden="true"
          className="h-5 w-5 rounded-full border border-slate-300 dark:border-slate-600"
          style={{ backgroundColor: colour.hex }}
        />
        Photos of {colour.name}{' '}
        <span className="font-normal text-slate-600 dark:text-slate-400">
          ({count} of {MAX_IMAGES_PER_COLOUR})
        </span>
      </h3>
      {count > 0 && (
        <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {colour.images.map((image, at) => (
            <PhotoCard key={image._id} colour={colour} image={image} at={at} ctx={ctx} />
          ))}
        </ol>
      )}
      {count < MAX_IMAGES_PER_COLOUR && <AddPhotos colour={colour} ctx={ctx} />}
    </section>
  );
}

function PhotoCard({
  colour,
  image,
  at,
  ctx,
}: {
  colour: Colour;
  image: Image;
  at: number;
  ctx: Ctx;
}) {
  const { product, busy, run } = ctx;
  const [alt, setAlt] = useState(image.alt);
  const [deleting, setDeleting] = useState(false);
  const [moveTo, setMoveTo] = useState('');
  const altId = useId();
  const name = `photo ${at + 1} of ${colour.name}`;
  const others = product.colours.filter((c) => c._id !== colour._id);
  const ids = colour.images.map((i) => i._id);
  const base = { id: product._id, colour: colour.name, imageId: image._id };

  const order = (by: number) => {
    const next = [...ids];
    next.splice(at, 1);
    next.splice(at + by, 0, image._id);
    void run({ kind: 'order', id: product._id, colour: colour.name, order: next });
  };
  const saveAlt = () => {
    if (alt.trim() === image.alt) return;
    void run({ kind: 'change', ...base, change: { alt } });
  };

  return (
    <li className="flex min-w-0 flex-col gap-2 rounded-lg border border-slate-200 p-2 dark:border-slate-700">
      <img
        src={image.url}
        srcSet={srcSetOf(image.widths)}
        sizes={image.widths.length ? '(min-width: 1024px) 12rem, 45vw' : undefined}
        alt={image.alt}
        width={320}
        height={320}
        className="aspect-square w-full rounded-md bg-slate-100 object-cover dark:bg-slate-800"
      />
      <label htmlFor={altId} className="text-xs font-medium text-slate-700 dark:text-slate-300">
        Alt text of {name}
      </label>
      <input
        id={altId}
        value={alt}
        maxLength={200}
        onChange={(e) => setAlt(e.target.value)}
        onBlur={saveAlt}
        onKeyDown={(e) => {
          // Enter saves the alt text, never the whole product form.
          if (e.key === 'Enter') {
            e.preventDefault();
            saveAlt();
          }
        }}
        className={cn(controlClasses, 'text-sm')}
      />
      <div className="flex flex-wrap gap-1">
        <Button
          variant="outline"
          className={small}
          disabled={busy || at === 0}
          onClick={() => order(-1)}
          aria-label={`Move ${name} earlier`}
        >
          ←
        </Button>
        <Button
          variant="outline"
          className={small}
          disabled={busy || at === ids.length - 1}
          onClick={() => order(1)}
          aria-label={`Move ${name} later`}
        >
          →
        </Button>
        <Button
          variant="ghost"
          className={cn(small, 'text-red-700 dark:text-red-300')}
          disabled={busy}
          onClick={() => setDeleting(true)}
          aria-label={`Delete ${name}`}
        >
          Delete
        </Button>
      </div>
      {others.length > 0 && (
        <div className="flex gap-1">
          <select
            value={moveTo}
            onChange={(e) => setMoveTo(e.target.value)}
            aria-label={`Colour to move ${name} to`}
            className={cn(controlClasses, 'min-w-0 flex-1 text-sm')}
          >
            <option value="">Move to…</option>
            {others.map((c) => (
              <option key={c._id} value={c.name}>
                {c.name}
              </option>
            ))}
          </select>
          <Button
            variant="outline"
            className={small}
            disabled={busy || !moveTo}
            onClick={() => void run({ kind: 'change', ...base, change: { colour: moveTo } })}
            aria-label={`Move ${name} to ${moveTo || 'the colour chosen'}`}
          >
            Move
          </Button>
        </div>
      )}
      {deleting && (
        <ConfirmDialog
          title={`Delete ${name}?`}
          confirmLabel="Delete photo"
          busyLabel="Deleting..."
          busy={busy}
          onConfirm={() => void run({ kind: 'delete', ...base }).then(() => setDeleting(false))}
          onCancel={() => setDeleting(false)}
        >
          <p>Shoppers will no longer see it. Orders already placed keep their pictures.</p>
        </ConfirmDialog>
      )}
    </li>
  );
}

/** The colour's drop zone: several pictures at once, all checked before any is sent. */
function AddPhotos({ colour, ctx }: { colour: Colour; ctx: Ctx }) {
  const { product, busy, run } = ctx;
  const [dragging, setDragging] = useState(false);
  const [refused, setRefused] = useState<string[]>([]);
  const [sending, setSending] = useState(0);
  const hintId = useId();
  const errorId = useId();
  const room = MAX_IMAGES_PER_COLOUR - colour.images.length;

  async function pick(files: File[]) {
    if (!files.length || busy) return;
    if (files.length > room) {
      setRefused([
        `${colour.name} has ${colour.images.length} photos: a colour has at most ${MAX_IMAGES_PER_COLOUR}, so ${room} more can be added.`,
      ]);
      return;
    }
    const checked = await Promise.all(files.map(checkPhoto));
    const why = checked.filter((c): c is string => typeof c === 'string');
    setRefused(why);
    if (why.length) return;
    setSending(files.length);
    await run({ kind: 'add', id: product._id, colour: colour.name, files });
    setSending(0);
  }

  function onDrop(e: DragEvent<HTMLLabelElement>) {
    e.preventDefault();
    setDragging(false);
    void pick([...e.dataTransfer.files]);
  }

  return (
    <div>
      <label
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'flex cursor-pointer items-center gap-3 rounded-xl border-2 border-dashed p-3 text-sm focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-500',
          dragging
            ? 'border-brand-500 bg-brand-50 dark:bg-slate-800'
            : refused.length
              ? 'border-red-500 bg-slate-50 dark:border-red-400 dark:bg-slate-800/60'
              : 'border-slate-300 bg-slate-50 hover:border-brand-500 dark:border-slate-600 dark:bg-slate-800/60',
        )}
      >
        <input
          type="file"
          accept="image/*"
          multiple
          aria-label={`Add photos of ${colour.name}`}
          aria-describedby={refused.length ? `${hintId} ${errorId}` : hintId}
          aria-invalid={refused.length ? true : undefined}
          disabled={busy}
          className="sr-only"
          onChange={(e) => {
            void pick([...(e.target.files ?? [])]);
            // Forget the pick so choosing the same files again still fires a change.
            e.target.value = '';
          }}
        />
        <ImageIcon className="h-7 w-7 shrink-0 text-slate-400" />
        <span id={hintId} className="text-slate-600 dark:text-slate-300">
          {sending
            ? `Uploading ${sending === 1 ? 'a photo' : `${sending} photos`}...`
            : `Drop photos of ${colour.name} here, or click to choose`}
          <span className="block text-xs text-slate-500 dark:text-slate-400">
            Up to {room} more, each up to {MAX_MB} MB
          </span>
        </span>
      </label>
      {refused.length > 0 && (
        <ul
          id={errorId}
          role="alert"
          className="mt-1.5 text-xs font-medium text-red-700 dark:text-red-400"
        >
          {refused.map((why) => (
            <li key={why}>{why}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
