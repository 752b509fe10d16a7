/**
 * The full-screen view of a colour's photos (the gallery loads this module when it is first
 * opened): yet-another-react-lightbox with its Zoom plugin: pinch, double tap, the wheel or the
 * + and − buttons zoom, a swipe or the arrow keys go to the next photo, Escape or a click on
 * the backdrop closes it. `onClose` says which photo was showing, for the gallery to show it.
 */
import { useState } from 'react';
import Lightbox from 'yet-another-react-lightbox';
import Zoom from 'yet-another-react-lightbox/plugins/zoom';
import 'yet-another-react-lightbox/styles.css';
import type { ProductImage } from '@repo/shared';

export default function PhotoZoom({
  images,
  index,
  label,
  onClose,
}: {
  images: readonly ProductImage[];
  index: number;
  /** What the photos show ("Sakura Drift Tee in Black"): the dialog's name. */
  label: string;
  onClose: (index: number) => void;
}) {
  const [at, setAt] = useState(index);
  return (
    <Lightbox
      open
      index={index}
      close={() => onClose(at)}
      slides={images.map((image) => ({ src: image.url, alt: image.alt }))}
      plugins={[Zoom]}
      zoom={{ maxZoomPixelRatio: 2, scrollToZoom: true }}
      carousel={{ finite: true }}
      controller={{ closeOnBackdropClick: true }}
      on={{ view: ({ index: shown }) => setAt(shown) }}
      labels={{
        Lightbox: `Zoomed photos of ${label}`,
        Close: 'Close the zoom',
        Previous: 'Previous photo',
        Next: 'Next photo',
      }}
    />
  );
}
