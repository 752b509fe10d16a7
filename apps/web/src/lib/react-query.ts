/** Helper types for the per-endpoint hooks in features/<x>/api (one file per endpoint). */
import type { UseMutationOptions, UseQueryOptions } from '@tanstack/react-query';

/** Extra options a caller may pass to a query hook (never the key or the fetcher). */
export type QueryConfig<T> = Omit<UseQueryOptions<T, Error, T>, 'queryKey' | 'queryFn'>;

/** Extra options a caller may pass to a mutation hook. */
export type MutationConfig<TData, TVariables> = Omit<UseMutationOptions<TData, Error, TVariables>, 'mutationFn'>;
