/**
 * The product photo picker: one image, dropped or chosen (the zone is a <label> around a
 * visually hidden file input, so a click, Enter or Space opens the picker), with a preview.
 * Anything that is not one image of at most 5 MB is refused, and so is a file whose content is
 * no picture (a text file named "fake.png") or that does not decode, before any preview is
 * shown: why is said under the zone (with what the server said of a photo it refused), until
 * another file is chosen.
 */
import { useId, useState, type DragEvent } from 'react';
import { cn } from '@/lib/cn';
import { MAX_PHOTO_BYTES } from '@repo/shared/constants/forms';
import { Button } from '@/components/ui/button';
import { labelClass } from '@/components/ui/styles';
import { checkPhoto } from '@/lib/check-photo';
import { usePreviewUrl } from '@/lib/use-preview-url';
import { ImageIcon } from './admin-icons';

const MAX_MB = MAX_PHOTO_BYTES / (1024 * 1024);

/** The one acceptable image among `files`, or why none is ("" for no file at all). */
export async function acceptImage(files: ArrayLike<File>): Promise<File | string> {
  if (files.length === 0) return '';
  if (files.length > 1) return 'Please choose only one image.';
  return checkPhoto(files[0]!);
}

/**
 * A drop zone's drag handling and look, shared by every photo drop zone: `onFiles` hears what
 * was dropped (nothing while disabled); the classes say dragging, refused or waiting.
 */
export function useDropZone(onFiles: (files: File[]) => void, disabled?: boolean) {
  const [dragging, setDragging] = useState(false);
  const handlers = {
    onDragOver: (e: DragEvent<HTMLElement>) => {
      e.preventDefault();
      setDragging(true);
    },
    onDragLeave: () => setDragging(false),
    onDrop: (e: DragEvent<HTMLElement>) => {
      e.preventDefault();
      setDragging(false);
      if (!disabled) onFiles([...e.dataTransfer.files]);
    },
  };
  const stateClasses = (refused: boolean) =>
    dragging
      ? 'border-brand-500 bg-brand-50 dark:bg-slate-800'
      : refused
        ? 'border-red-500 bg-slate-50 dark:border-red-400 dark:bg-slate-800/60'
        : 'border-slate-300 bg-slate-50 hover:border-brand-500 dark:border-slate-600 dark:bg-slate-800/60';
  return { handlers, stateClasses };
}

export function ImageDropZone({
  file,
  onChange,
  currentUrl,
  disabled,
  error,
}: {
  file: File | null;
  onChange: (file: File | null) => void;
  /** The product's present photo, shown until a new one is chosen (update form). */
  currentUrl?: string;
  disabled?: boolean;
  /** What the server said of the photo it refused. */
  error?: string | undefined;
}) {
  const hintId = useId();
  const errorId = useId();
  /** Why the last file chosen was refused here. */
  const [refused, setRefused] = useState('');
  const shownError = refused || error;
  const preview = usePreviewUrl(file);
  const shown = preview ?? currentUrl;

  const zone = useDropZone((files) => void pick(files), disabled);

  async function pick(files: ArrayLike<File>) {
    const picked = await acceptImage(files);
    if (typeof picked === 'string') {
      if (picked) setRefused(picked);
      return;
    }
    setRefused('');
    onChange(picked);
  }

  return (
    <div>
      <span className={`${labelClass} mb-1.5`} aria-hidden="true">
        Photo
      </span>
      <label
        data-testid="photo-drop-zone"
        {...zone.handlers}
        className={cn(
          'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed p-4 text-center text-sm transition-colors focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-500',
          zone.stateClasses(Boolean(shownError)),
        )}
      >
        <input
          type="file"
          name="photo"
          accept="image/*"
          aria-label="Photo"
          aria-describedby={shownError ? `${hintId} ${errorId}` : hintId}
          aria-invalid={shownError ? true : undefined}
          disabled={disabled}
          className="sr-only"
          onChange={(e) => {
            void pick([...(e.target.files ?? [])]);
            // Forget the pick so choosing the same file again still fires a change.
            e.target.value = '';
          }}
        />
        {shown ? (
          <img
            src={shown}
            // Named after the file only once its preview is the picture shown.
            alt={preview && file ? `Preview of ${file.name}` : 'Current product photo'}
            className="h-40 w-40 rounded-md object-cover sm:h-48 sm:w-48"
          />
        ) : (
          <ImageIcon className="h-9 w-9 text-slate-400" />
        )}
        <span id={hintId} className="text-slate-600 dark:text-slate-300">
          {file
            ? file.name
            : currentUrl
              ? 'Drop a new image here, or click to replace the current photo'
              : 'Drag and drop an image here, or click to choose one'}
          <span className="block text-xs text-slate-500 dark:text-slate-400">
            One image file, up to {MAX_MB} MB
          </span>
        </span>
      </label>
      {shownError && (
        <p
          id={errorId}
          role="alert"
          className="mt-1.5 text-xs font-medium text-red-700 dark:text-red-400"
        >
          {shownError}
        </p>
      )}
      {file && (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => onChange(null)}
          className="mt-2 text-red-700 dark:text-red-300"
        >
          Remove photo
        </Button>
      )}
    </div>
  );
}
