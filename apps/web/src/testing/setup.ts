import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { listen, server, unhandledCalls } from './msw-server';

// find* and waitFor wait up to 20 s (not 1 s): a deadline against hangs on a busy machine.
configure({ asyncUtilTimeout: 20_000 });

// jsdom does not scroll: pages that scroll to the top (or to a heading) get no-ops.
window.scrollTo = () => {};
Element.prototype.scrollIntoView = () => {};
Element.prototype.scrollTo = () => {};

// jsdom has <dialog> without its modal half. Like a browser, a dialog opened with showModal
// here keeps Tab inside itself (the page behind is inert) and takes Escape as a close request
// (a cancelable "cancel" event, then close). The browser tests (e2e/dialogs.spec.ts) check the
// real thing in Chromium.
if (typeof HTMLDialogElement.prototype.showModal !== 'function') {
  const modal = new WeakSet<HTMLDialogElement>();
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
    modal.add(this);
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    modal.delete(this);
    this.dispatchEvent(new Event('close'));
  };
  const topModal = () =>
    [...document.querySelectorAll('dialog[open]')]
      .filter((d): d is HTMLDialogElement => modal.has(d as HTMLDialogElement))
      .at(-1);
  const focusable =
    'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
  document.addEventListener('keydown', (e) => {
    const dialog = topModal();
    if (!dialog || e.defaultPrevented) return;
    if (e.key === 'Escape') {
      if (dialog.dispatchEvent(new Event('cancel', { cancelable: true }))) dialog.close();
    } else if (e.key === 'Tab') {
      const items = [...dialog.querySelectorAll<HTMLElement>(focusable)];
      if (items.length === 0) return;
      const at = items.indexOf(document.activeElement as HTMLElement);
      const next = e.shiftKey ? (at <= 0 ? items.length - 1 : at - 1) : (at + 1) % items.length;
      e.preventDefault();
      items[next]!.focus();
    }
  });
}

// One MSW server for every test; each test's routes come from mockApi() and end with it.
beforeAll(listen);
afterAll(() => server.close());

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  server.resetHandlers();
  // A call no route answered fails its test (the app may have hidden the rejected fetch).
  const unanswered = unhandledCalls.splice(0);
  if (unanswered.length) throw new Error(`No mock for: ${unanswered.join(', ')}`);
});
