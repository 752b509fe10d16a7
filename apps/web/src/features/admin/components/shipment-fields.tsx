/**
 * The courier and the tracking number (AWB) an order ships with: the one-order dialog and the
 * dialog marking several shipped ask the same. `order` names the order in each label ("Courier
 * for order #08D68A95") where several are asked at once.
 */
import { COURIERS } from '@repo/shared/rules/orders';
import { SelectField, TextField } from '@/components/ui/form-field';

export interface ShipmentEntry {
  courier: string;
  awb: string;
}
export const emptyShipment: ShipmentEntry = { courier: '', awb: '' };

export function ShipmentFields({
  value,
  onChange,
  errors = {},
  order,
  disabled,
  className,
}: {
  value: ShipmentEntry;
  onChange: (next: ShipmentEntry) => void;
  /** Messages beside each field, by the server's path (`shipment.courier`, `shipment.awb`). */
  errors?: Partial<Record<string, string>>;
  order?: string;
  disabled?: boolean;
  className?: string;
}) {
  const forOrder = order && <span className="sr-only"> for order #{order}</span>;
  return (
    <div className={className}>
      <SelectField
        label={<>Courier{forOrder}</>}
        value={value.courier}
        onChange={(e) => onChange({ ...value, courier: e.target.value })}
        error={errors['shipment.courier'] ?? errors.shipment}
        disabled={disabled}
        required
      >
        <option value="" disabled>
          Choose the courier
        </option>
        {COURIERS.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </SelectField>
      <TextField
        label={<>Tracking number (AWB){forOrder}</>}
        value={value.awb}
        onChange={(e) => onChange({ ...value, awb: e.target.value })}
        error={errors['shipment.awb']}
        disabled={disabled}
        autoComplete="off"
        spellCheck={false}
        maxLength={40}
        required
      />
    </div>
  );
}
