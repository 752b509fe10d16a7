/** The Size guide: a button opening a dialog with chest and length per size, in cm and inches. */
import { useState } from 'react';
import { cmToInches, SIZE_GUIDE } from '@repo/shared/constants/size-guide';
import { Modal } from '@/components/ui/modal';

const cell = 'px-3 py-2 text-right tabular-nums';

export function SizeGuideTable() {
  return (
    <>
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">
        Measured flat on the T-shirt: chest from armpit to armpit (doubled), length from the
        shoulder to the hem.
      </p>
      <table className="w-full text-sm">
        <thead>
          <tr className="border-b border-slate-200 text-slate-600 dark:border-slate-700 dark:text-slate-300">
            <th scope="col" className="px-3 py-2 text-left">
              Size
            </th>
            <th scope="col" className={cell}>
              Chest
            </th>
            <th scope="col" className={cell}>
              Length
            </th>
          </tr>
        </thead>
        <tbody>
          {SIZE_GUIDE.map(({ size, chestCm, lengthCm }) => (
            <tr
              key={size}
              className="border-b border-slate-100 last:border-0 dark:border-slate-800"
            >
              <th scope="row" className="px-3 py-2 text-left font-semibold">
                {size}
              </th>
              <td className={cell}>
                {chestCm} cm{' '}
                <span className="text-slate-500 dark:text-slate-400">
                  / {cmToInches(chestCm)} in
                </span>
              </td>
              <td className={cell}>
                {lengthCm} cm{' '}
                <span className="text-slate-500 dark:text-slate-400">
                  / {cmToInches(lengthCm)} in
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

export function SizeGuide() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        className="min-h-10 text-sm font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-brand-100"
      >
        Size guide
      </button>
      {open && (
        <Modal title="Size guide" onClose={() => setOpen(false)} width="max-w-lg">
          <SizeGuideTable />
        </Modal>
      )}
    </>
  );
}
