import { describe, expect, it } from 'vitest';
import { addressesResponse, addressMutationResponse } from '@repo/shared';
import { setupTestApp } from '../../../test/harness.js';
import { User } from '../user.model.js';

const t = await setupTestApp();

const home = {
  name: 'Asha Rao',
  phone: '+91 98765 43210',
  line1: '12 MG Road',
  line2: 'Near the metro',
  city: 'Bengaluru',
  state: 'Karnataka',
  pin: '560 001',
};
const office = {
  name: 'Asha Rao',
  phone: '9876543210',
  line1: '4th floor, Tower B, DLF Cyber City',
  city: 'Gurugram',
  state: 'Haryana',
  pin: '122002',
};

const book = (auth: string) =>
  t.request().get('/api/user/addresses').set('Authorization', auth).expect(200);
const add = (auth: string, body: object) =>
  t.request().post('/api/user/addresses').set('Authorization', auth).send(body);
const profileOf = async (id: string) => (await User.findById(id).lean())!;

describe('registering with a one-line address', () => {
  it('makes it the first saved address, read for its PIN and state', async () => {
    const res = await t
      .request()
      .post('/api/auth/register')
      .send({
        name: 'Ravi Kumar',
        email: 'ravi@example.com',
        password: 'a-long-password',
        phone: '9123456780',
        address: 'Flat 7, Lake View Apartments, Kochi 682 001',
      })
      .expect(201);
    const { addresses } = addressesResponse.parse((await book(`Bearer ${res.body.token}`)).body);
    expect(addresses).toEqual([
      {
        _id: expect.stringMatching(/^[a-f\d]{24}$/),
        name: 'Ravi Kumar',
        phone: '+91 91234 56780',
        line1: 'Flat 7',
        line2: 'Lake View Apartments',
        city: 'Kochi',
        state: 'Kerala',
        pin: '682001',
        isDefault: true,
      },
    ]);
    // The one-line field stays as the shopper wrote it, its PIN in one form (560 001 as 560001).
    expect(res.body.user.address).toBe('Flat 7, Lake View Apartments, Kochi 682001');
  });

  it('gives an account from before saved addresses its line as its first address, once', async () => {
    const old = await t.createUser({ address: '12 MG Road, Bengaluru 560001' });
    await User.updateOne({ _id: old.id }, { $unset: { addresses: 1 } });
    const first = (await book(old.auth)).body.addresses;
    expect(first).toEqual([
      expect.objectContaining({ line1: '12 MG Road', city: 'Bengaluru', pin: '560001' }),
    ]);
    expect((await book(old.auth)).body.addresses).toEqual(first);
  });
});

describe('the address book', () => {
  it('adds, lists the default first, edits, chooses the default and deletes', async () => {
    const me = await t.createUser({ address: '1 Old Street, Chennai 600001' });
    await User.updateOne({ _id: me.id }, { $set: { addresses: [] } });

    const first = await add(me.auth, home).expect(201);
    const added = addressMutationResponse.parse(first.body);
    expect(added.message).toBe('Address saved');
    // The first address is the default; its PIN is kept as six digits.
    expect(added.address).toMatchObject({ ...home, pin: '560001', isDefault: true });
    expect((await profileOf(me.id)).address).toBe(
      '12 MG Road, Near the metro, Bengaluru, Karnataka 560001',
    );

    const second = await add(me.auth, office).expect(201);
    expect(second.body.address).toMatchObject({ city: 'Gurugram', line2: '', isDefault: false });
    const officeId = second.body.address._id as string;
    const homeId = added.address!._id;

    const made = await t
      .request()
      .put(`/api/user/addresses/${officeId}/default`)
      .set('Authorization', me.auth)
      .expect(200);
    expect(made.body.message).toBe('Default address changed');
    expect(
      made.body.addresses.map((a: { _id: string; isDefault: boolean }) => [a._id, a.isDefault]),
    ).toEqual([
      [officeId, true],
      [homeId, false],
    ]);
    expect((await profileOf(me.id)).address).toBe(
      '4th floor, Tower B, DLF Cyber City, Gurugram, Haryana 122002',
    );

    const edited = await t
      .request()
      .put(`/api/user/addresses/${homeId}`)
      .set('Authorization', me.auth)
      .send({ ...home, line2: '', isDefault: true })
      .expect(200);
    expect(edited.body.address).toMatchObject({ line2: '', isDefault: true });
    expect((await profileOf(me.id)).address).toBe('12 MG Road, Bengaluru, Karnataka 560001');

    const deleted = await t
      .request()
      .delete(`/api/user/addresses/${homeId}`)
      .set('Authorization', me.auth)
      .expect(200);
    expect(deleted.body.message).toBe('Address deleted');
    // The default went: the one left becomes the default, and the profile's line follows.
    expect(deleted.body.addresses).toEqual([
      expect.objectContaining({ _id: officeId, isDefault: true }),
    ]);
    expect((await profileOf(me.id)).address).toContain('Gurugram');
  });

  it('refuses a PIN that is not in the state chosen, beside the PIN, and saves nothing', async () => {
    const me = await t.createUser();
    const before = (await book(me.auth)).body.addresses;
    const res = await add(me.auth, { ...home, state: 'Kerala' }).expect(400);
    expect(res.body.issues).toEqual([
      {
        path: 'pin',
        message: 'This PIN code is not in Kerala: PIN codes there start with 67, 68 or 69',
      },
    ]);
    const bad = await add(me.auth, {
      ...home,
      pin: '56001',
      phone: '12345',
      state: 'Narnia',
    }).expect(400);
    expect(bad.body.issues.map((i: { path: string }) => i.path).sort()).toEqual([
      'phone',
      'pin',
      'state',
    ]);
    expect((await book(me.auth)).body.addresses).toEqual(before);
  });

  it("keeps to one's own book: another's address is not found, a signed-out call is refused", async () => {
    const me = await t.createUser();
    const other = await t.createUser();
    const theirs = (await add(other.auth, home).expect(201)).body.address._id as string;
    await t
      .request()
      .put(`/api/user/addresses/${theirs}`)
      .set('Authorization', me.auth)
      .send(home)
      .expect(404);
    await t
      .request()
      .delete(`/api/user/addresses/${theirs}`)
      .set('Authorization', me.auth)
      .expect(404);
    await t.request().get('/api/user/addresses').expect(401);
    await t
      .request()
      .delete('/api/user/addresses/not-an-id')
      .set('Authorization', me.auth)
      .expect(400);
  });

  it('keeps at most 20 addresses', async () => {
    const me = await t.createUser();
    await User.updateOne({ _id: me.id }, { $set: { addresses: [] } });
    for (let i = 0; i < 20; i += 1)
      await add(me.auth, { ...home, line1: `${i} MG Road` }).expect(201);
    const res = await add(me.auth, home).expect(409);
    expect(res.body.message).toBe('You can keep at most 20 addresses: delete one first.');
  });

  it('loses no address when two are added at once', async () => {
    const me = await t.createUser();
    await User.updateOne({ _id: me.id }, { $set: { addresses: [] } });
    await Promise.all(
      ['A', 'B', 'C', 'D'].map((n) => add(me.auth, { ...home, line1: `House ${n}` }).expect(201)),
    );
    const { addresses } = (await book(me.auth)).body;
    expect(addresses.map((a: { line1: string }) => a.line1).sort()).toEqual([
      'House A',
      'House B',
      'House C',
      'House D',
    ]);
    expect(addresses.filter((a: { isDefault: boolean }) => a.isDefault)).toHaveLength(1);
  });
});

describe('the profile’s one-line address', () => {
  it('is the default address: a new line changes that address and stays as typed', async () => {
    const me = await t.createUser({ address: '12 MG Road, Bengaluru 560001' });
    await add(me.auth, office).expect(201);
    await t
      .request()
      .put(`/api/user/profile/${me.id}`)
      .set('Authorization', me.auth)
      .send({ name: 'Asha', phone: '9876543210', address: '7 Park Street, Kolkata 700016' })
      .expect(200);
    const { addresses } = (await book(me.auth)).body;
    expect(addresses[0]).toMatchObject({
      line1: '7 Park Street',
      city: 'Kolkata',
      state: 'West Bengal',
      pin: '700016',
      isDefault: true,
    });
    expect(addresses).toHaveLength(2);
    expect((await profileOf(me.id)).address).toBe('7 Park Street, Kolkata 700016');
  });
});
