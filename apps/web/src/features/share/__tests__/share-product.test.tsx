/** The product page's Share: the share sheet where there is one, else the link copied. */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ShareProduct } from '../share-product';

const url = `${window.location.origin}/product-detail/night-owl-tee`;

/** The browser's share and clipboard, as `nav` says (after userEvent, which has its own clipboard). */
function renderShare(nav: Partial<Navigator> = {}) {
  const user = userEvent.setup();
  const stub = Object.create(navigator) as Navigator;
  for (const [key, value] of Object.entries(nav))
    Object.defineProperty(stub, key, { value, configurable: true });
  vi.stubGlobal('navigator', stub);
  render(<ShareProduct name="Night Owl Tee" slug="night-owl-tee" />);
  return user;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Share', () => {
  it("opens the system's share sheet with the product's name and canonical link", async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    const user = renderShare({ share });
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith({
      title: 'Night Owl Tee',
      text: 'Night Owl Tee at the T-Shirt Shop',
      url,
    });
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('says nothing when the shopper closes the share sheet', async () => {
    const share = vi.fn().mockRejectedValue(new DOMException('closed', 'AbortError'));
    const writeText = vi.fn().mockResolvedValue(undefined);
    const user = renderShare({ share, clipboard: { writeText } as unknown as Clipboard });
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalled();
    expect(writeText).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('copies the link where the browser has no share sheet', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    const user = renderShare({
      share: undefined,
      clipboard: { writeText } as unknown as Clipboard,
    });
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(writeText).toHaveBeenCalledWith(url);
    expect(await screen.findByRole('status')).toHaveTextContent('Link copied');
  });

  it('shows the link to copy by hand when the clipboard refuses', async () => {
    const writeText = vi.fn().mockRejectedValue(new Error('denied'));
    const user = renderShare({
      share: undefined,
      clipboard: { writeText } as unknown as Clipboard,
    });
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByRole('status')).toHaveTextContent(`Copy this link: ${url}`);
  });

  it('links to WhatsApp with the name and the link, in a new tab', () => {
    renderShare();
    const link = screen.getByRole('link', { name: /Share on WhatsApp/ });
    expect(link).toHaveAttribute(
      'href',
      `https://wa.me/?text=${encodeURIComponent(`Night Owl Tee at the T-Shirt Shop: ${url}`)}`,
    );
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });
});
