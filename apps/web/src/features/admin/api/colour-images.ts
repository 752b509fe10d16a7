/**
 * A colour's photos (admin), one call each: add several, describe or move one, order them,
 * delete one. Each answers the product with every photo of every colour.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImageChangeBody, ProductMutationResponse } from '@repo/shared';
import { api } from '@/lib/api-client';
import { refreshProducts } from './refresh';

const colourPath = (id: string, colour: string) =>
  `/product/${encodeURIComponent(id)}/colours/${encodeURIComponent(colour)}/images`;

export type ColourImageCall =
  | { kind: 'add'; id: string; colour: string; files: File[]; alts?: string[] }
  | { kind: 'order'; id: string; colour: string; order: string[] }
  | { kind: 'change'; id: string; colour: string; imageId: string; change: ImageChangeBody }
  | { kind: 'delete'; id: string; colour: string; imageId: string };

export function colourImageCall(call: ColourImageCall): Promise<ProductMutationResponse> {
  const path = colourPath(call.id, call.colour);
  switch (call.kind) {
    case 'add': {
      const form = new FormData();
      for (const file of call.files) form.append('images', file);
      if (call.alts) form.append('alts', JSON.stringify(call.alts));
      return api.post<ProductMutationResponse>(path, form);
    }
    case 'order':
      return api.put<ProductMutationResponse>(path, { order: call.order });
    case 'change':
      return api.patch<ProductMutationResponse>(
        `${path}/${encodeURIComponent(call.imageId)}`,
        call.change,
      );
    case 'delete':
      return api.delete<ProductMutationResponse>(`${path}/${encodeURIComponent(call.imageId)}`);
  }
}

export function useColourImages() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: colourImageCall, onSettled: () => refreshProducts(qc) });
}
