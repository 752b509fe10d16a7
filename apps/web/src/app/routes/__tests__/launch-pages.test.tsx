/**
 * The launch pages a payment provider and India's e-commerce rules ask for (Contact, Terms,
 * Shipping and Delivery, Returns): public, linked from the footer, and showing the shop's details
 * from its public settings, with a marked placeholder for each one not set yet.
 */
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/router';
import { mockApi, reply } from '@/testing/mock-api';
import { publicSettings } from '@/testing/public-settings';
import { renderRoute } from '@/testing/test-utils';

vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() },
}));

afterEach(() => {
  localStorage.clear();
});

const FILLED = {
  shop: {
    phone: '+91 80 4567 8910',
    email: 'care@tshirtshop.in',
    supportHours: 'Monday to Saturday, 10 am to 7 pm',
    grievanceOfficerName: 'Anita Rao',
    grievanceOfficerDesignation: 'Head of Customer Care',
    grievanceOfficerEmail: 'grievance@tshirtshop.in',
    grievanceOfficerPhone: '080 4567 8911',
    returnDays: 10,
  },
  gst: {
    legalName: 'Tee Prints Private Limited',
    address: '12, MG Road\nBengaluru 560001',
    state: 'Karnataka',
    gstin: '29AAGCB7383J1Z4',
  },
};

/** The whole app (its routes, layout and footer) at `url`, signed out. */
function openApp(url: string, settings = publicSettings()) {
  const api = mockApi({ 'GET /settings/public': () => settings });
  return { ...renderRoute({ routes }, { url }), api };
}

const main = () => screen.getByRole('main');
const text = (el: HTMLElement) => el.textContent!.replace(/\s+/g, ' ');

describe('the launch pages', () => {
  it('signed out, the footer opens each of them (Contact no longer asks to sign in)', async () => {
    const { user } = openApp('/about');
    expect(await screen.findByRole('heading', { name: 'About us' })).toBeInTheDocument();
    const footer = screen.getByRole('navigation', { name: 'Footer' });
    const pages = [
      ['Contact', '/contact', 'Contact us'],
      ['Terms and Conditions', '/terms', 'Terms and Conditions'],
      ['Shipping and Delivery', '/shipping', 'Shipping and Delivery'],
      ['Returns, Refunds and Cancellation', '/returns', 'Returns, Refunds and Cancellation'],
      ['Privacy Policy', '/privacy', 'Privacy Policy'],
    ] as const;
    for (const [link, path, heading] of pages) {
      await user.click(within(footer).getByRole('link', { name: link }));
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
      expect(screen.getByTestId('location')).toHaveTextContent(path);
    }
  });

  it('the Privacy Policy is dated by the build that holds its text, not a stale month', async () => {
    openApp('/privacy', publicSettings(FILLED));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' }),
    ).toBeInTheDocument();
    expect(text(main())).toContain('Last updated 28 November 2026');
    expect(text(main())).not.toContain('April 2025');
  });

  it("Contact shows the shop's details, with links to call and write", async () => {
    openApp('/contact', publicSettings(FILLED));
    expect(
      await screen.findByText('T-Shirt Shop is run by Tee Prints Private Limited.'),
    ).toBeInTheDocument();
    const page = main();
    expect(within(page).getByRole('link', { name: '+91 80 4567 8910' })).toHaveAttribute(
      'href',
      'tel:+918045678910',
    );
    expect(within(page).getByRole('link', { name: 'care@tshirtshop.in' })).toHaveAttribute(
      'href',
      'mailto:care@tshirtshop.in',
    );
    expect(within(page).getByRole('link', { name: 'grievance@tshirtshop.in' })).toHaveAttribute(
      'href',
      'mailto:grievance@tshirtshop.in',
    );
    expect(within(page).getByRole('link', { name: '080 4567 8911' })).toHaveAttribute(
      'href',
      'tel:08045678911',
    );
    expect(page.querySelector('address')).toHaveTextContent(
      '12, MG Road Bengaluru 560001 Karnataka',
    );
    expect(text(page)).toContain('GSTIN: 29AAGCB7383J1Z4');
    expect(text(page)).toContain('Name: Anita Rao, Head of Customer Care');
    expect(text(page)).not.toContain('not set yet');
  });

  it('a detail the admin has not set yet is marked as such, never made up', async () => {
    openApp('/contact');
    expect(await screen.findByText('[Legal name: not set yet]')).toBeInTheDocument();
    for (const missing of ['Phone', 'Email', 'Support hours', 'Address', 'Grievance officer'])
      expect(screen.getByText(`[${missing}: not set yet]`)).toBeInTheDocument();
    expect(text(main())).not.toContain('GSTIN');
    expect(within(main()).queryByRole('link', { name: /@/ })).toBeNull();
  });

  it('Shipping and Delivery says what the checkout charges and how long each zone takes, from the settings', async () => {
    openApp(
      '/shipping',
      publicSettings({
        delivery: {
          feePaise: 5900,
          freeFromPaise: 79900,
          cutoff: '09:30',
          dispatchDays: [1, 3, 5],
          elsewhere: { serviceable: false, minDays: 3, maxDays: 6, cod: true },
        },
        gst: FILLED.gst,
      }),
    );
    expect(await screen.findByText(/smaller orders pay ₹59/)).toHaveTextContent(
      'Delivery is free on orders of ₹799 or more',
    );
    const page = text(main());
    expect(page).toContain('We dispatch on Monday, Wednesday and Friday, except public holidays.');
    expect(page).toContain('An order placed before 9:30 am (India time)');
    expect(page).toContain('Metro cities: 2–3 days');
    expect(page).toContain('Islands: 7–12 days (no cash on delivery)');
    expect(page).toContain('We do not deliver elsewhere yet');
    expect(page).toContain('Sold by Tee Prints Private Limited.');
  });

  it('free delivery on every order reads so', async () => {
    openApp('/shipping', publicSettings({ delivery: { feePaise: 0 } }));
    expect(await screen.findByText('Delivery is free on every order.')).toBeInTheDocument();
  });

  it('Returns names the return window, or says there are no returns of what fits', async () => {
    const first = openApp('/returns', publicSettings(FILLED));
    expect(await screen.findByText(/You can return a T-shirt within 10 days/)).toBeInTheDocument();
    first.unmount();
    openApp('/returns', publicSettings({ shop: { returnDays: 0 } }));
    expect(
      await screen.findByText(/We do not take back T-shirts that fit and are as described/),
    ).toBeInTheDocument();
    expect(screen.queryByText(/You can return a T-shirt within/)).toBeNull();
  });

  it('Terms name the seller with its address and GSTIN on one line', async () => {
    openApp('/terms', publicSettings(FILLED));
    expect(
      await screen.findByText(/^The seller is Tee Prints Private Limited/, { selector: 'p' }),
    ).toHaveTextContent(
      'The seller is Tee Prints Private Limited, of 12, MG Road, Bengaluru 560001, Karnataka (GSTIN 29AAGCB7383J1Z4).',
    );
  });

  it('when the details cannot be loaded, the page says so', async () => {
    mockApi({ 'GET /settings/public': () => reply(500, { success: false, message: 'Down' }) });
    renderRoute({ routes }, { url: '/returns' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The shop’s details could not be loaded. Please check your connection and reload the page.',
    );
  });
});
