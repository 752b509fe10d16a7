import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ProfileForm } from '@/features/account/components/profile-form';
import { tokenStore, userStore } from '@/lib/storage';
import { makeUser } from '@/testing/data';
import { mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/test-utils';

const user = makeUser({
  name: 'Asha',
  email: 'asha@example.com',
  phone: '9876543210',
  address: 'Old Street 1',
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
      phone: '9876543210',
      address: 'Old Street 1',
    });
    await waitFor(() => expect(userStore.get()?.name).toBe('Asha Verma'));
    expect(tokenStore.get()).toBe('old-token');
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
});
