/**
 * The customer's saved addresses: each with Edit, Make default and Delete (asked first), and
 * Add an address; the form opens in a dialog. The default comes first and is the profile's
 * one-line address.
 */
import { useState } from 'react';
import type { SavedAddress } from '@repo/shared';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Modal } from '@/components/ui/modal';
import { Loading } from '@/components/ui/spinner';
import { cardClass } from '@/components/ui/styles';
import { settle } from '@/lib/outcome';
import { toast } from '@/lib/toast';
import { useDeleteAddress } from '../api/delete-address';
import { useAddresses } from '../api/get-addresses';
import { useSetDefaultAddress } from '../api/set-default-address';
import { AddressText } from './address-card';
import { AddressForm } from './address-form';

type Editing = { address?: SavedAddress } | null;

export function AddressBook({ recipient }: { recipient?: { name: string; phone: string } }) {
  const book = useAddresses();
  const remove = useDeleteAddress();
  const makeDefault = useSetDefaultAddress();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<SavedAddress | null>(null);
  const addresses = book.data?.addresses ?? [];

  async function confirmDelete(address: SavedAddress) {
    const answer = await settle(remove.mutateAsync(address._id), {
      refused: 'The address could not be deleted.',
      exception: 'The address could not be deleted.',
    });
    setDeleting(null);
    if (answer) toast.success(answer.message);
  }

  async function chooseDefault(address: SavedAddress) {
    const answer = await settle(makeDefault.mutateAsync(address._id), {
      refused: 'The default address could not be changed.',
      exception: 'The default address could not be changed.',
    });
    if (answer) toast.success(answer.message);
  }

  if (book.isPending) return <Loading text="Loading addresses..." />;
  if (book.isError)
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
        Couldn't load your addresses.
        <Button variant="outline" size="sm" onClick={() => void book.refetch()}>
          Try again
        </Button>
      </div>
    );

  return (
    <div className="flex flex-col gap-4">
      <div>
        <Button onClick={() => setEditing({})}>Add an address</Button>
      </div>
      {addresses.length === 0 ? (
        <EmptyState title="No saved addresses yet.">
          <p>Add one to check delivery dates and check out faster.</p>
        </EmptyState>
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2">
          {addresses.map((address) => (
            <li key={address._id} className={`${cardClass} flex flex-col gap-3 p-4`}>
              <AddressText address={address} />
              <div className="mt-auto flex flex-wrap gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => setEditing({ address })}
                  aria-label={`Edit the address of ${address.name}, ${address.line1}`}
                >
                  Edit
                </Button>
                {!address.isDefault && (
                  <Button
                    variant="outline"
                    size="sm"
                    loading={makeDefault.isPending && makeDefault.variables === address._id}
                    onClick={() => void chooseDefault(address)}
                    aria-label={`Make ${address.line1} the default address`}
                  >
                    Make default
                  </Button>
                )}
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => setDeleting(address)}
                  aria-label={`Delete the address ${address.line1}`}
                >
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing && (
        <Modal
          title={editing.address ? 'Edit address' : 'Add an address'}
          onClose={() => setEditing(null)}
          width="max-w-2xl"
        >
          <AddressForm
            address={editing.address}
            recipient={recipient}
            defaultChoice={addresses.length === 0}
            onSaved={() => {
              toast.success(editing.address ? 'Address updated' : 'Address saved');
              setEditing(null);
            }}
            onCancel={() => setEditing(null)}
          />
        </Modal>
      )}
      {deleting && (
        <ConfirmDialog
          title="Delete this address?"
          confirmLabel="Delete"
          busyLabel="Deleting..."
          busy={remove.isPending}
          onConfirm={() => void confirmDelete(deleting)}
          onCancel={() => setDeleting(null)}
        >
          <p>
            {deleting.line1}, {deleting.city} {deleting.pin}
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
