/**
 * Orders keep showing the picture they were bought with: replacing or deleting a product's
 * photo keeps the files an order shows (local store, served at /uploads).
 */
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/harness.js';
import { Order } from '../../orders/order.model.js';
import { sandboxCheckout } from '../../payments/__tests__/helpers.js';
import { makeCategory, makeImage } from './fixtures.js';

const t = await setupTestApp();
const admin = await t.createAdmin();
const shopper = await t.createUser();
const category = await makeCategory('Anime');
const fields = {
  name: 'Sunset Tee',
  description: 'A warm sunset print.',
  price: '799',
  quantity: '12',
  shipping: 'Yes',
  category,
};

function saveProduct(req: ReturnType<ReturnType<typeof t.request>['post']>, picture: Buffer) {
  req.set('Authorization', admin.auth);
  for (const [k, v] of Object.entries(fields)) req.field(k, v);
  return req.attach('photo', picture, { filename: 'photo.png', contentType: 'image/png' });
}

/** create-order → sandbox pay → verify; answers the order's item photo URL. */
async function buy(productId: string): Promise<string> {
  const orderId = await sandboxCheckout(t, shopper, [{ _id: productId, cartQuantity: 1 }], {
    amount: 799,
  });
  return (await Order.findById(orderId).lean())!.items[0]!.photo;
}

describe("a product's photo shown by an order", () => {
  it('still answers after the photo is replaced and after the product is deleted', async () => {
    const created = await saveProduct(
      t.request().post('/api/product/create-product'),
      await makeImage('png', { color: '#c0392b' }),
    ).expect(201);
    const product = created.body.product as { _id: string; photo: string };
    const firstOrderPhoto = await buy(product._id);
    expect(firstOrderPhoto).toBe(product.photo);

    const updated = await saveProduct(
      t.request().put(`/api/product/update-product/${product._id}`),
      await makeImage('png', { color: '#16a085' }),
    ).expect(200);
    const replaced = updated.body.product as { photo: string };
    expect(replaced.photo).not.toBe(firstOrderPhoto);
    await t.request().get(firstOrderPhoto).expect(200).expect('Content-Type', 'image/webp');
    await t.request().get(replaced.photo).expect(200).expect('Content-Type', 'image/webp');

    const secondOrderPhoto = await buy(product._id);
    expect(secondOrderPhoto).toBe(replaced.photo);
    await t
      .request()
      .delete(`/api/product/delete-product/${product._id}`)
      .set('Authorization', admin.auth)
      .expect(200);
    await t.request().get(firstOrderPhoto).expect(200).expect('Content-Type', 'image/webp');
    await t.request().get(secondOrderPhoto).expect(200).expect('Content-Type', 'image/webp');
  });

  it('still deletes a photo no order shows, with its product', async () => {
    const created = await saveProduct(
      t.request().post('/api/product/create-product'),
      await makeImage('png', { color: '#8e44ad' }),
    ).expect(201);
    const product = created.body.product as { _id: string; photo: string };
    await t.request().get(product.photo).expect(200).expect('Content-Type', 'image/webp');
    await t
      .request()
      .delete(`/api/product/delete-product/${product._id}`)
      .set('Authorization', admin.auth)
      .expect(200);
    await t.request().get(product.photo).expect(404);
  });

  it('a photo replaced while the shopper pays: the order shows the new one, which stays', async () => {
    const created = await saveProduct(
      t.request().post('/api/product/create-product'),
      await makeImage('png', { color: '#d35400' }),
    ).expect(201);
    const product = created.body.product as { _id: string; photo: string };
    let replaced = '';
    const orderId = await sandboxCheckout(t, shopper, [{ _id: product._id, cartQuantity: 1 }], {
      amount: 799,
      beforePay: async () => {
        const res = await saveProduct(
          t.request().put(`/api/product/update-product/${product._id}`),
          await makeImage('png', { color: '#2c3e50' }),
        );
        replaced = (res.body.product as { photo: string }).photo;
      },
    });
    expect(replaced).not.toBe(product.photo);
    await t.request().get(product.photo).expect(404);
    const photo = (await Order.findById(orderId).lean())!.items[0]!.photo;
    expect(photo).toBe(replaced);
    await t.request().get(photo).expect(200).expect('Content-Type', 'image/webp');
  });
});
