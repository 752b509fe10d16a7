/**
 * The one script of a page the server rendered (the API's modules/web puts it in place of the
 * app's entry): the page is already on screen, so the app that takes it over (main.tsx) loads
 * once the page's main photo is painted. On a phone's slow connection the app's code (about
 * 110 KB) would otherwise share the line with that photo and hold it back; meanwhile the page
 * reads, scrolls and follows its links as plain HTML.
 *
 * The root's `data-app` names the app's entry and the page's own chunks (from Vite's manifest):
 * they are fetched side by side, then the entry runs. Nothing is imported here, so this file
 * stays a few hundred bytes.
 */

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

const root = document.getElementById('root')!;
const [entry, ...chunks] = (root.dataset.app ?? '').split(' ').filter(Boolean);
void mainPhotoPainted(root).then(() => {
  for (const href of chunks) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  return import(/* @vite-ignore */ entry!);
});
