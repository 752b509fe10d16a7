/**
 * The pieces of a colour's photos, shared by the update form (each change saved at once) and the
 * create form (photos chosen, previewed and sent once the product exists): the colour's heading,
 * a photo's card (its picture, its alt text, earlier/later, remove) and the drop zone that takes
 * several photos at once, checked (lib/check-photo.ts) before any is taken.
 */
import { useId, useState, type ReactNode } from 'react';
import { ALT_TEXT_MAX, MAX_IMAGES_PER_COLOUR, MAX_PHOTO_BYTES } from '@repo/shared/constants/forms';
import { Button } from '@/components/ui/button';
import { controlClasses } from '@/components/ui/form-field';
import { checkPhoto } from '@/lib/check-photo';
import { cn } from '@/lib/cn';
import { ImageIcon } from './admin-icons';
import { useDropZone } from './image-drop-zone';

/** The size of the photo cards' buttons (and the stock grid's). */
export const smallButton = 'h-9 min-w-9 px-2 text-sm';
const MAX_MB = MAX_PHOTO_BYTES / (1024 * 1024);

/** The "Photos per colour" box of both forms: what `hint` says, then a section per colour. */
export function PhotosFieldset({
  hint,
  busy,
  children,
}: {
  hint: ReactNode;
  busy: boolean;
  children: ReactNode;
}) {
  const hintId = useId();
  return (
    <fieldset
      className="flex min-w-0 flex-col gap-5 rounded-xl border border-slate-200 p-4 dark:border-slate-700"
      aria-describedby={hintId}
      aria-busy={busy}
    >
      <legend className="px-1 text-sm font-semibold text-slate-800 dark:text-slate-200">
        Photos per colour
      </legend>
      <p id={hintId} className="text-sm text-slate-600 dark:text-slate-400">
        {hint}
      </p>
      {children}
    </fieldset>
  );
}

/** "Photos of Black (2 of 8)" with the colour's swatch: the heading that names the section. */
export function ColourPhotosHeading({
  id,
  hex,
  name,
  count,
}: {
  id: string;
  hex: string;
  name: string;
  count: number;
}) {
  return (
    <h3
      id={id}
      className="flex flex-wrap items-center gap-2 text-sm font-semibold text-slate-900 dark:text-white"
    >
      <span
        aria-hidden="true"
        className="h-5 w-5 rounded-full border border-slate-300 dark:border-slate-600"
        style={{ backgroundColor: hex }}
      />
      Photos of {name}{' '}
      <span className="font-normal text-slate-600 dark:text-slate-400">
        ({count} of {MAX_IMAGES_PER_COLOUR})
      </span>
    </h3>
  );
}

/** The grid a colour's photo cards are listed in. */
export function PhotoList({ children }: { children: ReactNode }) {
  return (
    <ol className="grid grid-cols-[repeat(auto-fill,minmax(8.5rem,1fr))] gap-3">{children}</ol>
  );
}

/**
 * One photo: the picture, its alt text (one line of text: Enter adds no line and never submits
 * the product form, it calls `onAltDone` as leaving the field does), buttons to move it and to remove it; `children` adds
 * controls of its own (the update form's "Move to…").
 */
export function PhotoCard({
  picture,
  name,
  alt,
  onAlt,
  onAltDone,
  at,
  count,
  busy,
  onMove,
  onRemove,
  removeLabel,
  children,
}: {
  /** The image shown; null while a chosen file's preview is being made. */
  picture: { src: string; srcSet?: string; sizes?: string; alt: string } | null;
  /** "photo 2 of Black": how the controls are named. */
  name: string;
  alt: string;
  onAlt: (alt: string) => void;
  onAltDone?: () => void;
  at: number;
  count: number;
  busy: boolean;
  onMove: (by: number) => void;
  onRemove: () => void;
  /** The remove button's text: Delete (saved photo) or Remove (chosen file). */
  removeLabel: string;
  children?: ReactNode;
}) {
  const altId = useId();
  return (
    <li className="flex min-w-0 flex-col gap-2 rounded-lg border border-slate-200 p-2 dark:border-slate-700">
      {picture ? (
        <img
          src={picture.src}
          srcSet={picture.srcSet}
          sizes={picture.sizes}
          alt={picture.alt}
          width={320}
          height={320}
          className="aspect-square w-full rounded-md bg-slate-100 object-cover dark:bg-slate-800"
        />
      ) : (
        <div className="aspect-square w-full rounded-md bg-slate-100 dark:bg-slate-800" />
      )}
      <label htmlFor={altId} className="text-xs font-medium text-slate-700 dark:text-slate-300">
        Alt text of {name}
      </label>
      {/* As tall as its text (field-sizing): read whole in a narrow card, no sideways scroll. */}
      <textarea
        id={altId}
        rows={2}
        value={alt}
        maxLength={ALT_TEXT_MAX}
        // One line: a pasted line break becomes a space.
        onChange={(e) => onAlt(e.target.value.replace(/\s*\n\s*/g, ' '))}
        onBlur={onAltDone}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            onAltDone?.();
          }
        }}
        className={cn(controlClasses, 'field-sizing-content min-w-0 resize-none text-sm')}
      />
      <div className="flex flex-wrap gap-1">
        <Button
          variant="outline"
          className={smallButton}
          disabled={busy || at === 0}
          onClick={() => onMove(-1)}
          aria-label={`Move ${name} earlier`}
        >
          ←
        </Button>
        <Button
          variant="outline"
          className={smallButton}
          disabled={busy || at === count - 1}
          onClick={() => onMove(1)}
          aria-label={`Move ${name} later`}
        >
          →
        </Button>
        <Button
          variant="ghost"
          className={cn(smallButton, 'text-red-700 dark:text-red-300')}
          disabled={busy}
          onClick={onRemove}
          aria-label={`${removeLabel} ${name}`}
        >
          {removeLabel}
        </Button>
      </div>
      {children}
    </li>
  );
}

/**
 * A colour's drop zone: several pictures dropped or chosen at once, all checked before any is
 * taken (none is when one is refused, each refusal said under the zone). `error` is what the
 * server said of the last photos sent, shown until the next pick.
 */
export function PhotosDropZone({
  colourName,
  count,
  busy,
  sending,
  error,
  onPhotos,
}: {
  colourName: string;
  /** How many photos the colour holds (or will hold) already. */
  count: number;
  busy: boolean;
  /** What is under way ("Uploading 3 photos..."), said in place of the invitation. */
  sending?: string;
  error?: string;
  onPhotos: (files: File[]) => void | Promise<void>;
}) {
  const [refused, setRefused] = useState<string[]>([]);
  const [serverSaid, setServerSaid] = useState(error);
  const [heard, setHeard] = useState(error);
  // A new message from the server shows again (until the next pick).
  if (error !== heard) {
    setHeard(error);
    setServerSaid(error);
  }
  const hintId = useId();
  const errorId = useId();
  const room = MAX_IMAGES_PER_COLOUR - count;
  const shown = serverSaid ? [...refused, serverSaid] : refused;

  async function pick(files: File[]) {
    if (!files.length || busy) return;
    setServerSaid(undefined);
    if (files.length > room) {
      setRefused([
        `${colourName} has ${count} photos: a colour has at most ${MAX_IMAGES_PER_COLOUR}, so ${room} more can be added.`,
      ]);
      return;
    }
    const checked = await Promise.all(files.map(checkPhoto));
    const why = checked.filter((c): c is string => typeof c === 'string');
    setRefused(why);
    if (why.length) return;
    await onPhotos(files);
  }

  const zone = useDropZone((files) => void pick(files));

  return (
    <div>
      <label
        {...zone.handlers}
        className={cn(
          'flex cursor-pointer items-center gap-3 rounded-xl border-2 border-dashed p-3 text-sm focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-500',
          zone.stateClasses(shown.length > 0),
        )}
      >
        <input
          type="file"
          accept="image/*"
          multiple
          aria-label={`Add photos of ${colourName}`}
          aria-describedby={shown.length ? `${hintId} ${errorId}` : hintId}
          aria-invalid={shown.length ? true : undefined}
          disabled={busy}
          className="sr-only"
          onChange={(e) => {
            void pick([...(e.target.files ?? [])]);
            // Forget the pick so choosing the same files again still fires a change.
            e.target.value = '';
          }}
        />
        <ImageIcon className="h-7 w-7 shrink-0 text-slate-400" />
        <span id={hintId} className="min-w-0 text-slate-600 dark:text-slate-300">
          {sending || `Drop photos of ${colourName} here, or click to choose`}
          <span className="block text-xs text-slate-500 dark:text-slate-400">
            Up to {room} more, each up to {MAX_MB} MB
          </span>
        </span>
      </label>
      {shown.length > 0 && (
        <ul
          id={errorId}
          role="alert"
          className="mt-1.5 text-xs font-medium text-red-700 dark:text-red-400"
        >
          {shown.map((why) => (
            <li key={why}>{why}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
