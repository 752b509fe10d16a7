/**
 * The create form's photos per colour: for each colour row of the stock grid (by the row's key,
 * so a row moved or removed takes its photos along), photos dropped or chosen several at once,
 * previewed, each with its alt text (the product, the colour and what the photo likely shows,
 * until one is typed), moved earlier or later or removed. Nothing is sent before the product
 * exists: then each colour's photos go in one call (create-product-form.tsx).
 */
import { useId } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { defaultAlt } from '@repo/shared/rules/photo';
import { MAX_IMAGES_PER_COLOUR } from '@repo/shared/constants/forms';
import {
  colourLabel,
  moved,
  newKey,
  type ChosenPhoto,
  type ColourRow,
  type ProductFormValues,
} from '../lib/product-form';
import { usePreviewUrl } from '@/lib/use-preview-url';
import {
  ColourPhotosHeading,
  PhotoCard,
  PhotoList,
  PhotosDropZone,
  PhotosFieldset,
} from './photo-parts';

/** Where a colour's photos start: the first colour's follow the main photo. */
const firstPlaceOf = (row: number) => (row === 0 ? 1 : 0);

/** The alt text a chosen photo is sent with: as typed, else the default for what it shows. */
export function altOf(photo: ChosenPhoto, productName: string, colourName: string): string {
  return photo.alt?.trim() || defaultAlt(productName.trim() || 'T-shirt', colourName, photo.view);
}

export function ChosenColourPhotos({
  form,
  busy,
  progress,
}: {
  form: UseFormReturn<ProductFormValues>;
  /** Photos are being sent (nothing can change meanwhile). */
  busy: boolean;
  /** What is under way for a colour, by row key ("Uploading 3 photos..."). */
  progress: Record<string, string>;
}) {
  const colours = useWatch({ control: form.control, name: 'colours' });
  const productName = useWatch({ control: form.control, name: 'name' });
  const setPhotos = (key: string, photos: ChosenPhoto[]) =>
    form.setValue(
      'colours',
      form.getValues('colours').map((c) => (c.key === key ? { ...c, photos } : c)),
      { shouldDirty: true },
    );

  return (
    <PhotosFieldset
      busy={busy}
      hint={
        <>
          Shoppers see each colour&apos;s photos in this order; the main photo above comes first for
          the first colour. They are uploaded once the product is created.
        </>
      }
    >
      {colours.map((colour, row) => (
        <ColourSection
          key={colour.key}
          colour={colour}
          row={row}
          productName={productName}
          busy={busy}
          progress={progress[colour.key]}
          onPhotos={(photos) => setPhotos(colour.key, photos)}
        />
      ))}
    </PhotosFieldset>
  );
}

function ColourSection({
  colour,
  row,
  productName,
  busy,
  progress,
  onPhotos,
}: {
  colour: ColourRow;
  row: number;
  productName: string;
  busy: boolean;
  progress: string | undefined;
  onPhotos: (photos: ChosenPhoto[]) => void;
}) {
  const headingId = useId();
  const name = colourLabel(colour, row);
  const count = firstPlaceOf(row) + colour.photos.length;
  const photos = colour.photos;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <ColourPhotosHeading id={headingId} hex={colour.hex} name={name} count={count} />
      {photos.length > 0 && (
        <PhotoList>
          {photos.map((photo, at) => (
            <ChosenPhotoCard
              key={photo.key}
              photo={photo}
              name={`photo ${firstPlaceOf(row) + at + 1} of ${name}`}
              defaultText={altOf({ ...photo, alt: null }, productName, name)}
              at={at}
              count={photos.length}
              busy={busy}
              onAlt={(alt) =>
                onPhotos(photos.map((p) => (p.key === photo.key ? { ...p, alt } : p)))
              }
              onMove={(by) => onPhotos(moved(photos, at, by))}
              onRemove={() => onPhotos(photos.filter((p) => p.key !== photo.key))}
            />
          ))}
        </PhotoList>
      )}
      {count < MAX_IMAGES_PER_COLOUR && (
        <PhotosDropZone
          colourName={name}
          count={count}
          busy={busy}
          sending={progress}
          onPhotos={(files) =>
            onPhotos([
              ...photos,
              ...files.map((file, i) => ({ key: newKey(), file, alt: null, view: count + i })),
            ])
          }
        />
      )}
    </section>
  );
}

function ChosenPhotoCard({
  photo,
  name,
  defaultText,
  ...rest
}: {
  photo: ChosenPhoto;
  name: string;
  /** The alt text sent when none is typed, shown in the field until then. */
  defaultText: string;
  at: number;
  count: number;
  busy: boolean;
  onAlt: (alt: string) => void;
  onMove: (by: number) => void;
  onRemove: () => void;
}) {
  const preview = usePreviewUrl(photo.file);
  return (
    <PhotoCard
      {...rest}
      picture={preview ? { src: preview, alt: `Preview of ${photo.file.name}` } : null}
      name={name}
      alt={photo.alt ?? defaultText}
      removeLabel="Remove"
    />
  );
}
