/** Helper types for the per-endpoint hooks in features/<x>/api (one file per endpoint). */
import type { UseMutationOptions } from '@tanstack/react-query';

/** Extra options a caller may pass to a query hook: those of its queryOptions factory, minus key and fetcher. */
export type QueryConfig<T extends (...args: never[]) => unknown> = Omit<
  ReturnType<T>,
  'queryKey' | 'queryFn'
>;

/** Extra options a caller may pass to a mutation hook. */
export type MutationConfig<TData, TVariables> = Omit<
  UseMutationOptions<TData, Error, TVariables>,
  'mutationFn'
>;
