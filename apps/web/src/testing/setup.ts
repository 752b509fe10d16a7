import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// find* and waitFor wait up to 20 s (not 1 s): a deadline against hangs on a busy machine.
configure({ asyncUtilTimeout: 20_000 });

// jsdom does not scroll: pages that scroll to the top (or to a heading) get no-ops.
window.scrollTo = () => {};
Element.prototype.scrollIntoView = () => {};

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
