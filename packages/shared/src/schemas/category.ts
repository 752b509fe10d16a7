import { z } from 'zod';
import { TEXT_LIMITS } from '../constants/limits.js';
import { objectId, requiredText } from './common.js';

export const category = z
  .object({ _id: objectId, name: z.string(), slug: z.string().optional() })
  .meta({ id: 'Category' });
export type Category = z.infer<typeof category>;

export const categoryBody = z.object({ name: requiredText('Name', TEXT_LIMITS.categoryName) });
export type CategoryBody = z.infer<typeof categoryBody>;

export const allCategoriesResponse = z.object({
  success: z.boolean(),
  category: z.array(category),
});
export type AllCategoriesResponse = z.infer<typeof allCategoriesResponse>;

export const categoryMutationResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  category: category.optional(),
});
export type CategoryMutationResponse = z.infer<typeof categoryMutationResponse>;
