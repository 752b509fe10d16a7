/**
 * A verified buyer's review form: stars, fit, an optional title and text, up to three photos.
 * Checked in the browser with the shared schema; the server's refusals show beside their
 * fields. Editing starts from the saved review and keeps its photos unless removed.
 */
import { useId, useState } from 'react';
import { reviewBody, type OwnReview } from '@repo/shared/schemas';
import {
  MAX_REVIEW_PHOTOS,
  REVIEW_FITS,
  REVIEW_FIT_LABELS,
  REVIEW_TEXT_MAX,
  REVIEW_TITLE_MAX,
} from '@repo/shared/constants/reviews';
import { Button } from '@/components/ui/button';
import { TextAreaField, TextField } from '@/components/ui/form-field';
import { checkPhoto } from '@/lib/check-photo';
import { settle } from '@/lib/outcome';
import { toast } from '@/lib/toast';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useSaveReview } from '../api/my-review';

type Fields = { stars: string; fit: string; title: string; text: string };

const STAR_WORDS = ['Poor', 'Fair', 'Good', 'Very good', 'Excellent'];
const choiceClass =
  'flex min-h-10 cursor-pointer items-center gap-2 rounded-full border border-slate-300 px-3 py-1.5 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:checked]:text-brand-700 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 dark:border-slate-600 dark:has-[:checked]:bg-brand-500/20 dark:has-[:checked]:text-brand-100';
const errorClass = 'text-sm text-red-700 dark:text-red-300';

export function ReviewForm({
  productId,
  size,
  current,
  onDone,
}: {
  productId: string;
  /** The size they bought, shown beside the review. */
  size: string;
  current: OwnReview | null;
  onDone: () => void;
}) {
  const id = useId();
  const save = useSaveReview();
  const [kept, setKept] = useState(current?.photos ?? []);
  const [files, setFiles] = useState<File[]>([]);
  const [photoError, setPhotoError] = useState<string>();
  const { form, field } = useSchemaForm<Fields, unknown>({
    schema: reviewBody,
    defaultValues: {
      stars: current ? String(current.stars) : '',
      fit: current?.fit ?? '',
      title: current?.title ?? '',
      text: current?.text ?? '',
    },
  });
  const errors = form.formState.errors;
  const room = MAX_REVIEW_PHOTOS - kept.length - files.length;

  async function addPhotos(list: FileList | null) {
    const picked = [...(list ?? [])];
    const accepted: File[] = [];
    for (const file of picked) {
      const checked = await checkPhoto(file);
      if (typeof checked === 'string') {
        setPhotoError(checked);
        return;
      }
      accepted.push(checked);
    }
    if (accepted.length > room) {
      setPhotoError(`A review can have at most ${MAX_REVIEW_PHOTOS} photos`);
      return;
    }
    setPhotoError(undefined);
    setFiles((f) => [...f, ...accepted]);
  }

  const submit = form.handleSubmit(async () => {
    const values = form.getValues();
    const body = new FormData();
    for (const [name, value] of Object.entries(values)) body.append(name, value);
    if (current) body.append('keepPhotos', JSON.stringify(kept.map((p) => p.url)));
    for (const file of files) body.append('photos', file, file.name);
    const answer = await settle(
      save.mutateAsync({ productId, form: body }),
      { refused: 'Your review could not be saved', exception: 'Something went wrong' },
      (issues) => {
        for (const [name, message] of Object.entries(issues)) {
          if (name === 'photos') setPhotoError(message);
          else if (message) form.setError(name as keyof Fields, { type: 'server', message });
        }
      },
    );
    if (answer) {
      toast.success(answer.message);
      onDone();
    }
  });

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-5 rounded-2xl border border-slate-200 p-4 sm:p-6 dark:border-slate-700"
    >
      <div>
        <h3 id={`${id}-title`} className="text-lg font-bold text-slate-900 dark:text-white">
          {current ? 'Edit your review' : 'Write a review'}
        </h3>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          You bought {size === 'One size' ? 'it in one size' : `size ${size}`}: it shows beside your
          review.
        </p>
      </div>

      <fieldset aria-describedby={errors.stars ? `${id}-stars-error` : undefined}>
        <legend className="mb-2 text-sm font-medium text-slate-800 dark:text-slate-200">
          Your rating
        </legend>
        <div className="flex flex-wrap gap-2">
          {STAR_WORDS.map((word, i) => (
            <label key={word} className={choiceClass}>
              <input type="radio" value={String(i + 1)} className="sr-only" {...field('stars')} />
              <span aria-hidden="true" className="text-amber-500">
                {'★'.repeat(i + 1)}
              </span>
              <span>
                {i + 1} {i === 0 ? 'star' : 'stars'}
                <span className="sr-only">: {word}</span>
              </span>
            </label>
          ))}
        </div>
        {errors.stars && (
          <p id={`${id}-stars-error`} className={`${errorClass} mt-1`}>
            {errors.stars.message}
          </p>
        )}
      </fieldset>

      <fieldset aria-describedby={errors.fit ? `${id}-fit-error` : undefined}>
        <legend className="mb-2 text-sm font-medium text-slate-800 dark:text-slate-200">
          How does it fit?
        </legend>
        <div className="flex flex-wrap gap-2">
          {REVIEW_FITS.map((fit) => (
            <label key={fit} className={choiceClass}>
              <input type="radio" value={fit} className="sr-only" {...field('fit')} />
              {REVIEW_FIT_LABELS[fit]}
            </label>
          ))}
        </div>
        {errors.fit && (
          <p id={`${id}-fit-error`} className={`${errorClass} mt-1`}>
            {errors.fit.message}
          </p>
        )}
      </fieldset>

      <TextField label="Title (optional)" maxLength={REVIEW_TITLE_MAX} {...field('title')} />
      <TextAreaField
        label="Your review (optional)"
        hint="What did you like? How is the fabric, the print, the fit after washing?"
        rows={4}
        maxLength={REVIEW_TEXT_MAX}
        {...field('text')}
      />

      <div className="flex flex-col gap-2">
        <label
          htmlFor={`${id}-photos`}
          className="text-sm font-medium text-slate-800 dark:text-slate-200"
        >
          Photos (optional, up to {MAX_REVIEW_PHOTOS})
        </label>
        {(kept.length > 0 || files.length > 0) && (
          <ul className="flex flex-wrap gap-2">
            {kept.map((photo, i) => (
              <li key={photo.url} className="flex flex-col items-center gap-1">
                <img
                  src={photo.widths[0]?.url ?? photo.url}
                  alt={`Your photo ${i + 1}`}
                  width={72}
                  height={72}
                  className="h-18 w-18 rounded-lg object-cover"
                />
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => setKept((k) => k.filter((p) => p !== photo))}
                >
                  Remove<span className="sr-only"> your photo {i + 1}</span>
                </Button>
              </li>
            ))}
            {files.map((file) => (
              <li key={`${file.name}-${file.size}`} className="flex flex-col items-center gap-1">
                <span className="max-w-32 truncate text-xs text-slate-600 dark:text-slate-400">
                  {file.name}
                </span>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => setFiles((f) => f.filter((x) => x !== file))}
                >
                  Remove<span className="sr-only"> {file.name}</span>
                </Button>
              </li>
            ))}
          </ul>
        )}
        <input
          id={`${id}-photos`}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
          multiple
          disabled={room <= 0}
          aria-invalid={photoError ? true : undefined}
          aria-describedby={photoError ? `${id}-photos-error` : undefined}
          onChange={(e) => {
            void addPhotos(e.target.files);
            e.target.value = '';
          }}
          className="text-sm text-slate-700 file:mr-3 file:rounded-full file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-semibold dark:text-slate-300 dark:file:bg-slate-800 dark:file:text-slate-100"
        />
        {photoError && (
          <p id={`${id}-photos-error`} className={errorClass}>
            {photoError}
          </p>
        )}
      </div>

      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={save.isPending}>
          {save.isPending ? 'Saving...' : current ? 'Save review' : 'Post review'}
        </Button>
        <Button variant="outline" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
