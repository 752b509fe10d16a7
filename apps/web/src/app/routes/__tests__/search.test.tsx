/** /Search?q=…: says what was searched, keeps it in the box, and opens in a new tab too. */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SearchForm } from '@/features/catalog/components/search-form';
import { searchStore } from '@/lib/storage';
import { makeProduct } from '@/testing/data';
import { mockApi, reply } from '@/testing/mock-api';
import { renderRoute } from '@/testing/test-utils';
import SearchPage from '../search';

vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() },
}));

/** The top bar's search box above the results page, as in the app. */
const withBox = (url: string) =>
  renderRoute(
    {
      routes: [
        {
          path: '/Search',
          element: (
            <>
              <SearchForm />
              <SearchPage />
            </>
          ),
        },
      ],
    },
    { url },
  );

const box = () => screen.getByRole('searchbox', { name: 'Search products' });

afterEach(() => {
  searchStore.set({ keyword: '', results: [] });
  vi.restoreAllMocks();
});

describe('/Search?q=', () => {
  it('shows the stored results under Results for "…" with the keyword in the box, asking nothing', async () => {
    const found = [makeProduct({ name: 'Chai Lover Tee' }), makeProduct({ name: 'Masala Tee' })];
    searchStore.set({ keyword: '', results: found, searched: 'chai' });
    const api = mockApi({});
    withBox('/Search?q=chai');
    expect(screen.getByRole('heading', { name: 'Search Results' })).toBeInTheDocument();
    expect(screen.getByText(/^Results for/)).toHaveTextContent('Results for "chai"');
    expect(screen.getByText('Found 2 products')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Chai Lover Tee' })).toBeInTheDocument();
    expect(box()).toHaveValue('chai');
    expect(api.calls).toHaveLength(0);
  });

  it('in a new tab (nothing stored for the keyword) searches itself and stores the results', async () => {
    searchStore.set({ keyword: '', results: [makeProduct({ name: 'Old Tee' })], searched: 'old' });
    const found = [makeProduct({ name: 'Rocket Tee' })];
    const api = mockApi({ 'GET /product/search/:keyword': () => ({ data: found }) });
    withBox('/Search?q=rocket%20%26%20co');
    expect(await screen.findByRole('link', { name: 'Rocket Tee' })).toBeInTheDocument();
    expect(screen.queryByText('Old Tee')).not.toBeInTheDocument();
    expect(screen.getByText(/^Results for/)).toHaveTextContent('Results for "rocket & co"');
    expect(api.calls.map((c) => c.path)).toEqual(['/product/search/rocket%20%26%20co']);
    expect(searchStore.get()).toEqual({ keyword: '', results: found, searched: 'rocket & co' });
    expect(box()).toHaveValue('rocket & co');
  });

  it('a new search from the results page replaces the keyword, the URL and the results', async () => {
    searchStore.set({
      keyword: '',
      results: [makeProduct({ name: 'Chai Tee' })],
      searched: 'chai',
    });
    const api = mockApi({ 'GET /product/search/:keyword': () => ({ data: [] }) });
    const { user } = withBox('/Search?q=chai');
    await user.clear(box());
    await user.type(box(), 'zzqx');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No products found.')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/Search?q=zzqx');
    expect(screen.getByText(/^Results for/)).toHaveTextContent('Results for "zzqx"');
    expect(box()).toHaveValue('zzqx');
    // One call, the form's: the page never searched again for the old or the new keyword.
    expect(api.calls.map((c) => c.path)).toEqual(['/product/search/zzqx']);
  });

  it('says the results could not be loaded, with Retry, when its own search fails (logged)', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    let down = true;
    const found = [makeProduct({ name: 'Rocket Tee' })];
    mockApi({
      'GET /product/search/:keyword': () =>
        down ? reply(503, { success: false, message: 'down' }) : { data: found },
    });
    const { user } = withBox('/Search?q=rocket');
    expect(await screen.findByText("Couldn't load the results")).toBeInTheDocument();
    expect(screen.queryByText('No products found.')).not.toBeInTheDocument();
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Search failed', expect.anything()));
    down = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Rocket Tee' })).toBeInTheDocument();
  });

  it('without a keyword shows the last stored results, as before', () => {
    searchStore.set({ keyword: '', results: [makeProduct({ name: 'Kept Tee' })] });
    mockApi({});
    withBox('/Search');
    expect(screen.getByRole('link', { name: 'Kept Tee' })).toBeInTheDocument();
    expect(screen.queryByText(/^Results for/)).not.toBeInTheDocument();
  });

  it('suggests the categories the shop names when nothing matches, each opening its products', async () => {
    const anime = { _id: 'a'.repeat(24), name: 'Anime', slug: 'anime' };
    const music = { _id: 'b'.repeat(24), name: 'Music', slug: 'music' };
    mockApi({
      'GET /product/search/:keyword': () => ({ data: [], suggestions: [anime, music] }),
    });
    const { user } = withBox('/Search?q=anmie');
    const suggested = await screen.findByRole('navigation', { name: 'Suggested categories' });
    expect(screen.getByText('No products found.')).toBeInTheDocument();
    expect(
      within(suggested)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Anime', 'Music']);
    // Kept for the tab with the results: a reload shows them again.
    expect(searchStore.get().suggestions).toEqual([anime, music]);
    await user.click(within(suggested).getByRole('link', { name: 'Anime' }));
    expect(screen.getByTestId('location')).toHaveTextContent(`/?category=${anime._id}`);
  });

  it('does nothing for a blank search: no call, no navigation, the box keeps the focus', async () => {
    searchStore.set({
      keyword: '',
      results: [makeProduct({ name: 'Chai Tee' })],
      searched: 'chai',
    });
    const api = mockApi({});
    const { user } = withBox('/Search?q=chai');
    await user.clear(box());
    await user.type(box(), '   ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(api.calls).toHaveLength(0);
    expect(screen.getByTestId('location')).toHaveTextContent('/Search?q=chai');
    expect(box()).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Chai Tee' })).toBeInTheDocument();
  });
});
