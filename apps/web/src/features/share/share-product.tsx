/**
 * Share a product page: the system share sheet (Web Share API) where the browser has one,
 * else the link copied to the clipboard; and a WhatsApp link, the chat most shoppers in India
 * use. The shared URL is the page's canonical one with the chosen colour (`?colour=black`, no
 * size), so a friend opens the tee in the colour shared, and its preview picture shows that
 * colour (the API's /share/product/<slug>.png?colour=black).
 */
import { useState } from 'react';
import { Button, buttonClasses } from '@/components/ui/button';
import { ShareIcon } from './share-icon';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { useSiteOrigin } from '@/lib/site-origin';

type Status = { kind: 'copied' } | { kind: 'failed'; url: string } | undefined;

export function ShareProduct({
  name,
  slug,
  colour,
}: {
  name: string;
  slug: string;
  /** The chosen colour's key, when the tee comes in several. */
  colour?: string | undefined;
}) {
  const [status, setStatus] = useState<Status>();
  const query = colour ? `?colour=${encodeURIComponent(colour)}` : '';
  const url = `${useSiteOrigin()}${paths.productDetail(slug)}${query}`;
  const text = `${name} at the ${env.shopName}`;

  async function share() {
    setStatus(undefined);
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: name, text, url });
        return;
      } catch (error) {
        // The shopper closed the sheet: nothing to do. Any other failure: copy instead.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setStatus({ kind: 'copied' });
    } catch {
      setStatus({ kind: 'failed', url });
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button variant="outline" onClick={() => void share()}>
        <ShareIcon /> Share
      </Button>
      <a
        href={`https://wa.me/?text=${encodeURIComponent(`${text}: ${url}`)}`}
        target="_blank"
        rel="noopener noreferrer"
        className={buttonClasses('ghost')}
      >
        Share on WhatsApp<span className="sr-only"> (opens in a new tab)</span>
      </a>
      <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
        {status?.kind === 'copied' && 'Link copied'}
        {status?.kind === 'failed' && (
          <>
            Copy this link: <span className="break-all select-all">{status.url}</span>
          </>
        )}
      </p>
    </div>
  );
}
