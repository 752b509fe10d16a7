/**
 * The one script of a page the server rendered (the API's modules/web puts it in place of the
 * app's entry): the page is already on screen, so the app that takes it over (main.tsx) loads
 * once the page's main photo is painted. On a phone's slow connection the app's code (about
 * 110 KB) would otherwise share the line with that photo and hold it back; meanwhile the page
 * reads, scrolls and follows its links as plain HTML, and no tap is lost: what needs the app is
 * kept until it is in (kept-taps.ts).
 *
 * The root's `data-app` names the app's chunks in the order they run (from Vite's manifest: React,
 * the other libraries, the app's entry, then the page's own chunks). They are fetched side by
 * side, then run one per task: run at once, their 330 KB of code would hold a slow phone's main
 * thread for one long task, and a tap on the page would wait for all of it. Only kept-taps.ts is
 * imported here, so this file stays small.
 */
import { keepTaps } from './kept-taps';

/** Past this, the app loads even if the photo has not arrived (a stalled or very slow photo). */
const PHOTO_WAIT_LIMIT_MS = 3_000;

/** After the next frame is painted: a task queued from a frame callback runs after its paint. */
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    // A hidden tab paints no frames: nothing to wait for.
    if (document.visibilityState === 'hidden') resolve();
    else requestAnimationFrame(() => setTimeout(resolve));
  });
}

/** Once the page's main photo (the one the page preloads) is painted, or at once without one. */
async function mainPhotoPainted(root: HTMLElement): Promise<void> {
  const photo = root.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
  if (!photo) return;
  await Promise.race([
    // A photo that fails to load is no reason to wait.
    photo.decode().catch(() => undefined),
    new Promise((resolve) => setTimeout(resolve, PHOTO_WAIT_LIMIT_MS)),
  ]);
  await afterNextPaint();
}

/** A task of its own for what comes next: the browser may paint and answer input in between. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve));

const root = document.getElementById('root')!;
// Taps kept until the app answers them: it marks the root `data-hydrated` (app/layout/layout.tsx).
const carryOut = keepTaps(root);
new MutationObserver((_, observer) => {
  if (!root.hasAttribute('data-hydrated')) return;
  observer.disconnect();
  void carryOut();
}).observe(root, { attributes: true, attributeFilter: ['data-hydrated'] });

const chunks = (root.dataset.app ?? '').split(' ').filter(Boolean);
void mainPhotoPainted(root).then(async () => {
  for (const href of chunks) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  for (const href of chunks) {
    await import(/* @vite-ignore */ href);
    await nextTask();
  }
});
