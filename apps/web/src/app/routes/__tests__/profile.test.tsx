import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ADDRESS_MESSAGE, PHONE_MESSAGE } from '@repo/shared/constants/contact';
import { ProfileForm } from '@/features/account/components/profile-form';
import { tokenStore, userStore } from '@/lib/storage';
import { makeUser } from '@/testing/data';
import { mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/test-utils';

const user = makeUser({
  name: 'Asha',
  email: 'asha@example.com',
  phone: '9876543210',
  address: '1 Old Street, Pune 411001',
});

describe('Update Profile', () => {
  beforeEach(() => {
    tokenStore.set('old-token');
    userStore.set({ name: 'Asha', userId: user._id, role: 0 });
  });

  it('shows the email read-only, sends no password when it is empty, and refreshes the stored name', async () => {
    const api = mockApi({
      'PUT /user/profile/:userId': ({ body }) => ({
        success: true,
        message: 'Profile updated successfully',
        user: { ...user, ...(body as object) },
      }),
    });
    const { user: ui } = renderRoute(
      { element: <ProfileForm user={user} />, path: '/dashboard/user/profile' },
      { url: '/dashboard/user/profile' },
    );
    expect(screen.getByLabelText('Email Address')).toHaveAttribute('readonly');
    await ui.clear(screen.getByLabelText('Full Name'));
    await ui.type(screen.getByLabelText('Full Name'), 'Asha Verma');
    await ui.click(screen.getByRole('button', { name: 'Update Profile' }));
    await waitFor(() => expect(api.callsTo('PUT /user/profile/:userId')).toHaveLength(1));
    expect(api.callsTo('PUT /user/profile/:userId')[0]!.body).toEqual({
      name: 'Asha Verma',
      phone: '+91 98765 43210',
      address: '1 Old Street, Pune 411001',
    });
    await waitFor(() => expect(userStore.get()?.name).toBe('Asha Verma'));
    expect(tokenStore.get()).toBe('old-token');
    // The form shows what is stored now: the phone in its one form.
    expect(screen.getByLabelText('Phone Number')).toHaveValue('+91 98765 43210');
  });

  it('sends a new password only when filled, keeps the fresh token it gets back, and explains a short one', async () => {
    const api = mockApi({
      'PUT /user/profile/:userId': () => ({
        success: true,
        message: 'Profile updated successfully',
        user,
        token: 'fresh-token',
      }),
    });
    const { user: ui } = renderRoute(
      { element: <ProfileForm user={user} />, path: '/p' },
      { url: '/p' },
    );
    await ui.type(screen.getByLabelText(/New Password/), 'short');
    await ui.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(api.callsTo('PUT /user/profile/:userId')).toHaveLength(0);

    await ui.type(screen.getByLabelText(/New Password/), '-and-long');
    await ui.click(screen.getByRole('button', { name: 'Update Profile' }));
    // A new password needs the current one.
    expect(
      await screen.findByText('Enter your current password to set a new one'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/Current Password/)).toBeRequired();
    expect(api.callsTo('PUT /user/profile/:userId')).toHaveLength(0);

    await ui.type(screen.getByLabelText(/Current Password/), 'old-password-1');
    await ui.click(screen.getByRole('button', { name: 'Update Profile' }));
    await waitFor(() => expect(api.callsTo('PUT /user/profile/:userId')).toHaveLength(1));
    expect(api.callsTo('PUT /user/profile/:userId')[0]!.body).toMatchObject({
      password: 'short-and-long',
      currentPassword: 'old-password-1',
    });
    await waitFor(() => expect(tokenStore.get()).toBe('fresh-token'));
  });

  it('requires name, phone and address', async () => {
    const api = mockApi({});
    const { user: ui } = renderRoute(
      { element: <ProfileForm user={user} />, path: '/p' },
      { url: '/p' },
    );
    for (const label of ['Full Name', 'Phone Number', 'Shipping Address'])
      expect(screen.getByLabelText(label)).toBeRequired();
    // Spaces pass the browser's check; the shared schema still refuses them.
    await ui.clear(screen.getByLabelText('Shipping Address'));
    await ui.type(screen.getByLabelText('Shipping Address'), '   ');
    await ui.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText('Address is required')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('shows values saved under older rules as stored, marks what to change, and saves once fixed', async () => {
    const old = makeUser({ phone: '12', address: 'x' });
    const api = mockApi({
      'PUT /user/profile/:userId': ({ body }) => ({
        success: true,
        message: 'Profile updated successfully',
        user: { ...old, ...(body as object) },
      }),
    });
    const { user: ui } = renderRoute(
      { element: <ProfileForm user={old} />, path: '/p' },
      { url: '/p' },
    );
    expect(screen.getByLabelText('Phone Number')).toHaveValue('12');
    expect(screen.getByLabelText('Phone Number')).toHaveAccessibleDescription(
      expect.stringContaining(PHONE_MESSAGE),
    );
    expect(screen.getByLabelText('Shipping Address')).toHaveValue('x');
    expect(screen.getByLabelText('Shipping Address')).toHaveAccessibleDescription(
      expect.stringContaining(ADDRESS_MESSAGE),
    );
    await ui.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(api.calls).toHaveLength(0);

    // A message goes once its field is changed; the other stays until that one is too.
    await ui.type(screen.getByLabelText('Phone Number'), '3');
    expect(screen.queryByText(PHONE_MESSAGE)).not.toBeInTheDocument();
    expect(screen.getByText(ADDRESS_MESSAGE)).toBeInTheDocument();
    await ui.clear(screen.getByLabelText('Phone Number'));
    await ui.type(screen.getByLabelText('Phone Number'), '+91 98765 43210');
    await ui.clear(screen.getByLabelText('Shipping Address'));
    await ui.type(screen.getByLabelText('Shipping Address'), '4 Lake Road, Pune 411001');
    await ui.click(screen.getByRole('button', { name: 'Update Profile' }));
    await waitFor(() => expect(api.callsTo('PUT /user/profile/:userId')).toHaveLength(1));
    expect(screen.queryByText(PHONE_MESSAGE)).not.toBeInTheDocument();
    expect(screen.queryByText(ADDRESS_MESSAGE)).not.toBeInTheDocument();
  });
});
