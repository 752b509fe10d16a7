/**
 * A card's small chooser, loaded on the first tap of ADD TO CART that needs it: pick a colour
 * (of several) and a size (of several), then add. A sold-out colour or size cannot be chosen.
 */
import { useState } from 'react';
import type { Product, ProductSize } from '@repo/shared';
import { firstColourInStock, isOneSize } from '@repo/shared/rules';
import { Button } from './button';
import { ColourPicker } from './colour-picker';
import { Modal } from './modal';
import { SizePicker } from './size-picker';

export default function VariantChooser({
  product,
  onAdd,
  onClose,
}: {
  product: Product;
  onAdd: (size: ProductSize, colour: string) => void;
  onClose: () => void;
}) {
  const { colours } = product;
  const [colour, setColour] = useState(firstColourInStock(colours)!.name);
  const [size, setSize] = useState<string>();
  const sizes = colours.find((c) => c.name === colour)!.sizes;
  const oneSize = isOneSize(product);
  const chosen = oneSize ? sizes[0]!.size : size;
  const ask = [colours.length > 1 && 'colour', !oneSize && 'size'].filter(Boolean).join(' and ');
  return (
    <Modal title={`Choose a ${ask}: ${product.name}`} onClose={onClose}>
      <div className="flex flex-col gap-4">
        {colours.length > 1 && (
          <ColourPicker
            colours={colours}
            value={colour}
            soldOutDisabled
            onChange={(c) => {
              setColour(c);
              // A size sold out in the new colour is no choice.
              if (
                !colours
                  .find((x) => x.name === c)!
                  .sizes.some((s) => s.size === size && s.quantity > 0)
              )
                setSize(undefined);
            }}
          />
        )}
        {!oneSize && <SizePicker sizes={sizes} value={size} onChange={setSize} />}
      </div>
      <div className="mt-5 flex justify-end gap-2">
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button
          disabled={!chosen || !(sizes.find((s) => s.size === chosen)?.quantity ?? 0)}
          onClick={() => {
            onAdd(chosen as ProductSize, colour);
            onClose();
          }}
        >
          ADD TO CART
        </Button>
      </div>
    </Modal>
  );
}
