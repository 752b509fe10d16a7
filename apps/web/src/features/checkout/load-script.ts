/** Adds a <script> once per URL; resolves false when it fails (so a later try can add it again). */
const loading = new Map<string, Promise<boolean>>();

export function loadScript(src: string): Promise<boolean> {
  const known = loading.get(src);
  if (known) return known;
  const promise = new Promise<boolean>((resolve) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve(true);
    script.onerror = () => {
      loading.delete(src);
      script.remove();
      resolve(false);
    };
    document.body.appendChild(script);
  });
  loading.set(src, promise);
  return promise;
}
