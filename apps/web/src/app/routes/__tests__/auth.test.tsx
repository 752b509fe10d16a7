import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@repo/shared/constants';
import { ADDRESS_MESSAGE, PHONE_MESSAGE } from '@repo/shared/constants/contact';
import { signOut } from '@/lib/session';
import { SearchForm } from '@/features/catalog/components/search-form';
import { searchStore, tokenStore, userStore } from '@/lib/storage';
import { toast } from '@/lib/toast';
import { makeProduct, makeUser } from '@/testing/data';
import { mockApi, reply, type Handler } from '@/testing/mock-api';
import { renderRoute } from '@/testing/test-utils';
import LoginPage from '../login';
import RegisterPage from '../register';

vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() },
}));

const user = makeUser();
const location = () => screen.getByTestId('location').textContent;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  signOut();
  searchStore.set({ keyword: '', results: [] });
});

function renderLogin(routes: Record<string, Handler>, state?: unknown) {
  const api = mockApi(routes);
  return {
    api,
    ...renderRoute({ element: <LoginPage />, path: '/login' }, { url: '/login', state }),
  };
}

async function submitLogin(u: ReturnType<typeof renderLogin>['user']) {
  await u.type(screen.getByLabelText('Email Address'), 'asha@example.com');
  await u.type(screen.getByLabelText('Password'), 'password123');
  await u.click(screen.getByRole('button', { name: 'Login' }));
}

describe('login', () => {
  it('stores the session and returns to the page the visitor came from', async () => {
    const { user: u, api } = renderLogin(
      {
        'POST /auth/login': () => ({
          success: true,
          message: 'Login successful',
          token: 'tok',
          user,
        }),
      },
      { from: { pathname: '/contact', search: '', hash: '' } },
    );
    await submitLogin(u);
    await waitFor(() => expect(location()).toBe('/contact'));
    expect(api.callsTo('POST /auth/login')[0]!.body).toEqual({
      email: 'asha@example.com',
      password: 'password123',
    });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('tok');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user)!)).toEqual({
      name: user.name,
      userId: user._id,
      role: 0,
    });
  });

  it('goes home when there is nowhere to return to', async () => {
    const { user: u } = renderLogin({
      'POST /auth/login': () => ({ success: true, message: 'ok', token: 'tok', user }),
    });
    await submitLogin(u);
    await waitFor(() => expect(location()).toBe('/'));
  });

  it('shows the server message when refused, "Login failed" without one', async () => {
    const { user: u } = renderLogin({
      'POST /auth/login': () =>
        reply(401, { success: false, message: 'Invalid email or password' }),
    });
    await submitLogin(u);
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Invalid email or password'));
    expect(tokenStore.get()).toBeNull();
  });

  it('"Login failed" when the refusal has no message', async () => {
    const { user: u } = renderLogin({ 'POST /auth/login': () => ({ success: false }) });
    await submitLogin(u);
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Login failed'));
  });

  it('"Something went wrong" when the request itself fails', async () => {
    const { user: u } = renderLogin({
      'POST /auth/login': () => Promise.reject(new TypeError('offline')),
    });
    await submitLogin(u);
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Something went wrong'));
  });

  it('Forgot Password goes to /forgotpassword', async () => {
    const { user: u } = renderLogin({});
    await u.click(screen.getByRole('button', { name: 'Forgot Password' }));
    expect(location()).toBe('/forgotpassword');
  });
});

describe('register', () => {
  function renderRegister(routes: Record<string, Handler>) {
    const api = mockApi(routes);
    return {
      api,
      ...renderRoute({ element: <RegisterPage />, path: '/register' }, { url: '/register' }),
    };
  }
  async function fill(u: ReturnType<typeof renderRegister>['user']) {
    await u.type(screen.getByLabelText('Full Name'), 'Asha Verma');
    await u.type(screen.getByLabelText('Email Address'), 'asha@example.com');
    await u.type(screen.getByLabelText('Password'), 'password123');
    await u.type(screen.getByLabelText('Phone Number'), '091 98765 43210');
    await u.type(screen.getByLabelText('Shipping Address'), '12 MG Road, Bengaluru 560 001');
    await u.click(screen.getByRole('button', { name: 'Register' }));
  }

  it('has every field required, email and tel types, and a link to log in', () => {
    renderRegister({});
    for (const label of [
      'Full Name',
      'Email Address',
      'Password',
      'Phone Number',
      'Shipping Address',
    ])
      expect(screen.getByLabelText(label)).toBeRequired();
    expect(screen.getByLabelText('Email Address')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Phone Number')).toHaveAttribute('type', 'tel');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    // Each stops at the limit its message states.
    const limits = (label: string) => screen.getByLabelText(label).getAttribute('maxLength');
    expect(
      ['Full Name', 'Email Address', 'Password', 'Phone Number', 'Shipping Address'].map(limits),
    ).toEqual(['80', '254', '72', '20', '500']);
  });

  it('signs in and goes home on success', async () => {
    const { user: u, api } = renderRegister({
      'POST /auth/register': () => ({ success: true, message: 'Registered', token: 'tok', user }),
    });
    await fill(u);
    await waitFor(() => expect(location()).toBe('/'));
    expect(api.callsTo('POST /auth/register')[0]!.body).toEqual({
      name: 'Asha Verma',
      email: 'asha@example.com',
      password: 'password123',
      // As people write them, sent in the one form the shop keeps.
      phone: '+91 98765 43210',
      address: '12 MG Road, Bengaluru 560001',
    });
    expect(userStore.get()).toEqual({ name: user.name, userId: user._id, role: 0 });
  });

  it('explains a phone that is not an Indian mobile and an address without a PIN code, beside each field', async () => {
    const { user: u, api } = renderRegister({});
    await u.type(screen.getByLabelText('Full Name'), 'Asha Verma');
    await u.type(screen.getByLabelText('Email Address'), 'asha@example.com');
    await u.type(screen.getByLabelText('Password'), 'password123');
    await u.type(screen.getByLabelText('Phone Number'), '12');
    await u.type(screen.getByLabelText('Shipping Address'), 'x');
    await u.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByLabelText('Phone Number')).toHaveAccessibleDescription(
      expect.stringContaining(PHONE_MESSAGE),
    );
    expect(screen.getByLabelText('Shipping Address')).toHaveAccessibleDescription(
      expect.stringContaining(ADDRESS_MESSAGE),
    );
    expect(api.calls).toHaveLength(0);
  });

  it('shows the server message when refused', async () => {
    const { user: u } = renderRegister({
      'POST /auth/register': () =>
        reply(409, { success: false, message: 'Email is already registered' }),
    });
    await fill(u);
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Email is already registered'));
    expect(tokenStore.get()).toBeNull();
  });
});

describe('search form', () => {
  it('URL-encodes the keyword, stores the results, keeps the keyword and opens /Search?q=', async () => {
    const found = [makeProduct({ name: 'Chai Lover Tee' })];
    const api = mockApi({ 'GET /product/search/:keyword': () => ({ data: found }) });
    const { user: u } = renderRoute({
      routes: [
        { path: '/', element: <SearchForm /> },
        { path: '/Search', element: <SearchForm /> },
      ],
    });
    await u.type(screen.getByRole('searchbox', { name: 'Search products' }), 'chai & co');
    await u.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(location()).toBe('/Search?q=chai+%26+co'));
    expect(api.calls[0]!.path).toBe('/product/search/chai%20%26%20co');
    expect(searchStore.get()).toEqual({ keyword: '', results: found, searched: 'chai & co' });
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveValue('chai & co');
  });
});
