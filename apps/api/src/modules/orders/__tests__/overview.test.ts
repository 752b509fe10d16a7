/** GET /api/orders/overview: orders and revenue per IST day for 30 days, and counts per status. */
import mongoose from 'mongoose';
import { describe, expect, it } from 'vitest';
import { orderOverviewResponse } from '@repo/shared';
import { setupTestApp } from '../../../test/harness.js';
import { Order } from '../order.model.js';
import { seedOrder } from './seed-orders.js';

const t = await setupTestApp();
const istDay = (d: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(d);
const DAY = 86_400_000;

describe('GET /api/orders/overview', () => {
  it('zero-fills 30 IST days, sums revenue in rupees without cancelled orders, and counts every status', async () => {
    const now = new Date();
    const today = istDay(now);
    // One minute before today's IST midnight is still yesterday in India.
    const lateYesterday = new Date(new Date(`${today}T00:00:00+05:30`).getTime() - 60_000);
    await seedOrder({ amountPaise: 49_950, createdAt: now });
    await seedOrder({ amountPaise: 100_000, createdAt: now, status: 'shipped' });
    await seedOrder({ amountPaise: 70_000, createdAt: now, status: 'cancelled' });
    await seedOrder({ amountPaise: 20_000, createdAt: lateYesterday, status: 'delivered' });
    await seedOrder({ amountPaise: 30_000, createdAt: new Date(now.getTime() - 40 * DAY) });

    const admin = await t.createAdmin();
    const res = await t
      .request()
      .get('/api/orders/overview')
      .set('Authorization', admin.auth)
      .expect(200);
    const body = orderOverviewResponse.parse(res.body);
    expect(body.days).toHaveLength(30);
    expect(body.days.at(-1)).toEqual({ date: today, orders: 3, revenue: 1499.5 });
    expect(body.days.at(-2)).toEqual({ date: istDay(lateYesterday), orders: 1, revenue: 200 });
    expect(body.days[0]!.date).toBe(istDay(new Date(now.getTime() - 29 * DAY)));
    expect(body.days.slice(0, -2).every((d) => d.orders === 0 && d.revenue === 0)).toBe(true);
    expect(body.days.map((d) => d.date)).toEqual([...new Set(body.days.map((d) => d.date))].sort());
    expect(body.statusCounts).toEqual({ pending: 2, shipped: 1, delivered: 1, cancelled: 1 });
  });

  it("counts the return requests waiting for the staff's next step", async () => {
    const admin = await t.createAdmin();
    const read = async () =>
      orderOverviewResponse.parse(
        (await t.request().get('/api/orders/overview').set('Authorization', admin.auth).expect(200))
          .body,
      ).returnsWaiting;
    expect(await read()).toBe(0);
    const withReturns = async (statuses: string[]) => {
      const id = await seedOrder({ status: 'delivered' });
      await Order.collection.updateOne(
        { _id: new mongoose.Types.ObjectId(id) },
        {
          $set: {
            returns: statuses.map((status) => ({
              _id: new mongoose.Types.ObjectId(),
              status,
              createdAt: new Date(),
            })),
          },
        },
      );
    };
    // Waiting: asked, approved, picked up, received, a COD return's transfer due (5).
    await withReturns(['requested', 'approved', 'rejected']);
    await withReturns(['picked_up', 'received', 'check_passed']);
    // Done or closed: none of these.
    await withReturns(['cancelled', 'check_failed', 'exchanged', 'refunded']);
    expect(await read()).toBe(5);
  });

  it('is for admins only', async () => {
    const shopper = await t.createUser();
    await t.request().get('/api/orders/overview').set('Authorization', shopper.auth).expect(403);
  });
});
