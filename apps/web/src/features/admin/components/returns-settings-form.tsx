/**
 * The admin's Returns and exchanges settings: whether exchanges and returns are offered, and the
 * products (found by name, ProductPicker) and categories that cannot be sent back. The window is
 * the Shop details' return days.
 */
import { useState } from 'react';
import type { ReturnsSettings, SettingsRecord } from '@repo/shared';
import { SettingsFieldset, SettingsForm } from '@/components/settings-form';
import { ProductPicker } from '@/components/product-picker';
import { useCategories } from '@/lib/api/get-categories';
import { useSettingsSection, type Issue } from '@/lib/use-settings-section';

const checkClass = 'h-4 w-4 rounded border-slate-400 accent-brand-600';

function Check({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <label className="flex min-h-8 items-center gap-2 text-sm text-slate-800 dark:text-slate-200">
      <input
        type="checkbox"
        className={checkClass}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span className="break-words">{label}</span>
    </label>
  );
}

const toggle = (list: string[], id: string, on: boolean) =>
  on ? [...new Set([...list, id])] : list.filter((x) => x !== id);

export function ReturnsSettingsForm({ record }: { record: SettingsRecord<ReturnsSettings> }) {
  const { save, saving } = useSettingsSection('returns');
  const [value, setValue] = useState(record.value);
  const [issues, setIssues] = useState<Issue[]>([]);
  const categories = useCategories();
  const set = (patch: Partial<ReturnsSettings>) => setValue((v) => ({ ...v, ...patch }));
  const issueOf = (field: string) => issues.find((i) => i.path.startsWith(field))?.message;

  return (
    <SettingsForm
      title="Returns and exchanges"
      description="What shoppers may ask for on a delivered order, within the Shop details' return window."
      record={record}
      saving={saving}
      onSubmit={(e) => {
        e.preventDefault();
        void save(value, setIssues);
      }}
    >
      <div className="flex flex-col gap-1">
        <Check
          label="Offer size and colour exchanges"
          checked={value.exchangesOffered}
          onChange={(on) => set({ exchangesOffered: on })}
        />
        <Check
          label="Take returns for the money back"
          checked={value.returnsOffered}
          onChange={(on) => set({ returnsOffered: on })}
        />
      </div>
      <SettingsFieldset legend="Categories that cannot be sent back">
        <div className="grid gap-1 sm:grid-cols-2">
          {(categories.data?.category ?? []).map((c) => (
            <Check
              key={c._id}
              label={c.name}
              checked={value.nonReturnableCategories.includes(c._id)}
              onChange={(on) =>
                set({ nonReturnableCategories: toggle(value.nonReturnableCategories, c._id, on) })
              }
            />
          ))}
        </div>
        {issueOf('nonReturnableCategories') && (
          <p className="text-xs font-medium text-red-700 dark:text-red-400">
            {issueOf('nonReturnableCategories')}
          </p>
        )}
      </SettingsFieldset>
      <ProductPicker
        label="Products that cannot be sent back"
        hint="Find a product by its name; those chosen here cannot be exchanged or returned."
        value={value.nonReturnableProducts}
        onChange={(ids) => set({ nonReturnableProducts: ids })}
        error={issueOf('nonReturnableProducts')}
      />
    </SettingsForm>
  );
}
