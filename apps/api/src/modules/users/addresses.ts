/**
 * A customer's saved addresses. Exactly one is the default while there are any, and the
 * account's one-line `address` (the original field) is the default address on one line: each change
 * of the book writes both in one update, written only over the book it read (`addressesRev`),
 * so two changes at once never lose one another.
 *
 * An account made with a one-line address (the original register, or before saved addresses) gets
 * that line as its first saved address, read for its PIN, the first time its book is read.
 */
import { Types } from 'mongoose';
import {
  addressLine,
  MAX_ADDRESSES,
  parseAddressLine,
  type AddressBody,
  type SavedAddress,
} from '@repo/shared';
import { conflict, notFound } from '../../lib/errors.js';
import { User } from './user.model.js';

interface StoredAddress {
  _id: Types.ObjectId;
  name: string;
  phone?: string | null;
  line1?: string | null;
  line2?: string | null;
  city?: string | null;
  state?: string | null;
  pin: string;
  isDefault?: boolean | null;
}

type AddressFields = Omit<AddressBody, 'isDefault' | 'line2'> & { line2?: string | undefined };

const toJson = (a: StoredAddress): SavedAddress => ({
  _id: String(a._id),
  name: a.name,
  phone: a.phone ?? '',
  line1: a.line1 ?? '',
  line2: a.line2 ?? '',
  city: a.city ?? '',
  state: a.state ?? '',
  pin: a.pin,
  isDefault: a.isDefault === true,
});

/** The default first, the others as they were added. */
const inOrder = (book: StoredAddress[]) =>
  [...book].sort((a, b) => Number(b.isDefault === true) - Number(a.isDefault === true));

/** An address read from a one-line address, for its recipient; null without a PIN code. */
export function addressFromLine(
  line: string,
  recipient: { name: string; phone?: string | null },
): Omit<StoredAddress, '_id'> | null {
  const parts = parseAddressLine(line);
  if (!parts) return null;
  return { name: recipient.name, phone: recipient.phone ?? '', ...parts, isDefault: true };
}

interface Book {
  rev: number;
  addresses: StoredAddress[];
}

async function readBook(userId: string): Promise<Book> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const user = await User.findById(userId, {
      name: 1,
      phone: 1,
      address: 1,
      addresses: 1,
      addressesRev: 1,
    }).lean();
    if (!user) throw notFound('User not found');
    const rev = user.addressesRev ?? 0;
    if (user.addresses) return { rev, addresses: user.addresses as StoredAddress[] };
    // The first read of an account from before saved addresses: its one line becomes the first.
    const first = user.address ? addressFromLine(user.address, user) : null;
    const addresses = first ? [{ _id: new Types.ObjectId(), ...first }] : [];
    const { matchedCount } = await User.updateOne(
      { _id: userId, addresses: { $exists: false } },
      { $set: { addresses, addressesRev: rev + 1 } },
    );
    if (matchedCount === 1) return { rev: rev + 1, addresses };
  }
  throw conflict('Your addresses are being changed elsewhere right now. Please try again.');
}

/** The addresses of an account, the default first. */
export async function listAddresses(userId: string): Promise<SavedAddress[]> {
  return inOrder((await readBook(userId)).addresses).map(toJson);
}

/** One saved address of an account, or null when it has none by that id. */
export async function findAddress(userId: string, addressId: string): Promise<SavedAddress | null> {
  const found = (await readBook(userId)).addresses.find((a) => String(a._id) === addressId);
  return found ? toJson(found) : null;
}

/** The account's default address, or null when it has none. */
export async function defaultAddress(userId: string): Promise<SavedAddress | null> {
  const found = (await readBook(userId)).addresses.find((a) => a.isDefault);
  return found ? toJson(found) : null;
}

/**
 * Changes the book with `change` and writes it over the book read; read again and changed
 * anew when another change came first. Keeps one default (the first when none is flagged), and
 * the one-line `address`: `line` when given (what the shopper typed), else the default's line.
 */
async function changeBook(
  userId: string,
  change: (book: StoredAddress[]) => StoredAddress[],
  line?: string,
): Promise<StoredAddress[]> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const { rev, addresses } = await readBook(userId);
    const lineBefore = defaultLine(addresses);
    const next = change(addresses.map((a) => ({ ...a })));
    if (next.length && !next.some((a) => a.isDefault)) next[0]!.isDefault = true;
    const lineAfter = defaultLine(next);
    // The line as the shopper typed it stays until the default address itself changes.
    const address = line ?? (lineAfter === lineBefore ? undefined : lineAfter);
    const { matchedCount } = await User.updateOne(
      { _id: userId, addressesRev: rev },
      {
        $set: {
          addresses: next,
          addressesRev: rev + 1,
          ...(address === undefined ? {} : { address }),
        },
      },
    );
    if (matchedCount === 1) return next;
  }
  throw conflict('Your addresses are being changed elsewhere right now. Please try again.');
}

/** The default address on one line ('' without one). */
function defaultLine(book: StoredAddress[]): string {
  const found = book.find((a) => a.isDefault);
  return found ? addressLine(toJson(found)) : '';
}

const byId = (book: StoredAddress[], addressId: string) => {
  const found = book.find((a) => String(a._id) === addressId);
  if (!found) throw notFound('Address not found');
  return found;
};

const makeDefault = (book: StoredAddress[], id: Types.ObjectId) => {
  for (const a of book) a.isDefault = a._id.equals(id);
};

export async function addAddress(
  userId: string,
  body: AddressFields & { isDefault?: boolean | undefined },
): Promise<{ address: SavedAddress; addresses: SavedAddress[] }> {
  const { isDefault, ...fields } = body;
  const _id = new Types.ObjectId();
  const book = await changeBook(userId, (book) => {
    if (book.length >= MAX_ADDRESSES)
      throw conflict(`You can keep at most ${MAX_ADDRESSES} addresses: delete one first.`);
    const added: StoredAddress = { _id, ...fields, line2: fields.line2 ?? '', isDefault: false };
    const next = [...book, added];
    if (isDefault || book.length === 0) makeDefault(next, _id);
    return next;
  });
  return { address: toJson(byId(book, String(_id))), addresses: inOrder(book).map(toJson) };
}

export async function updateAddress(
  userId: string,
  addressId: string,
  body: AddressFields & { isDefault?: boolean | undefined },
): Promise<{ address: SavedAddress; addresses: SavedAddress[] }> {
  const { isDefault, ...fields } = body;
  const book = await changeBook(userId, (book) => {
    const address = byId(book, addressId);
    Object.assign(address, fields, { line2: fields.line2 ?? '' });
    if (isDefault) makeDefault(book, address._id);
    return book;
  });
  return { address: toJson(byId(book, addressId)), addresses: inOrder(book).map(toJson) };
}

/** Deleting the default makes the first of the others the default. */
export async function deleteAddress(userId: string, addressId: string): Promise<SavedAddress[]> {
  const book = await changeBook(userId, (book) => {
    byId(book, addressId);
    return book.filter((a) => String(a._id) !== addressId);
  });
  return inOrder(book).map(toJson);
}

export async function setDefaultAddress(
  userId: string,
  addressId: string,
): Promise<{ address: SavedAddress; addresses: SavedAddress[] }> {
  const book = await changeBook(userId, (book) => {
    makeDefault(book, byId(book, addressId)._id);
    return book;
  });
  return { address: toJson(byId(book, addressId)), addresses: inOrder(book).map(toJson) };
}

/**
 * The profile's one-line address changed: the default address takes its parts (keeping its
 * recipient), or becomes the first address; the line stays as typed.
 */
export async function setDefaultFromLine(
  userId: string,
  line: string,
  recipient: { name: string; phone: string },
): Promise<void> {
  await changeBook(
    userId,
    (book) => {
      const parsed = addressFromLine(line, recipient);
      if (!parsed) return book;
      const current = book.find((a) => a.isDefault);
      if (current) {
        const { name: _name, phone: _phone, ...parts } = parsed;
        Object.assign(current, parts);
        return book;
      }
      return [...book, { _id: new Types.ObjectId(), ...parsed }];
    },
    line,
  );
}
