import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLogOnError } from '../use-log-on-error';

afterEach(() => vi.restoreAllMocks());

describe('useLogOnError', () => {
  it('logs each failure once, with its message, and nothing while there is none', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const first = new Error('offline');
    const { rerender } = renderHook(({ error }) => useLogOnError(error, 'Failed to load orders'), {
      initialProps: { error: null as Error | null },
    });
    expect(log).not.toHaveBeenCalled();

    rerender({ error: first });
    rerender({ error: first });
    expect(log).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenLastCalledWith('Failed to load orders', first);

    const second = new Error('500');
    rerender({ error: second });
    expect(log).toHaveBeenCalledTimes(2);
    expect(log).toHaveBeenLastCalledWith('Failed to load orders', second);
  });
});
