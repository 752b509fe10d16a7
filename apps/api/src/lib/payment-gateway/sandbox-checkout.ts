/// <reference lib="dom" />
/**
 * The sandbox provider's checkout script, served at /api/payment/sandbox/checkout.js. It
 * defines `window.Razorpay` with Razorpay's options and methods (open, close, on
 * 'payment.failed'), so the web app's checkout code is the same for both providers.
 *
 * open() shows a modal dialog labelled "Sandbox — no real money moves" with the amount and
 * the prefilled email, and three buttons:
 * - Pay: asks the API (POST /api/payment/sandbox/pay { order_id }) for a signed payment and
 *   calls options.handler with { razorpay_payment_id, razorpay_order_id, razorpay_signature };
 * - Fail payment: fires 'payment.failed' with Razorpay's error shape; like Razorpay, the
 *   dialog stays open so the shopper can retry or cancel;
 * - Cancel (also Escape): closes and calls options.modal.ondismiss.
 * Focus moves into the dialog, Tab stays inside it, and focus returns on close. Styles are
 * inline (the CSP allows inline style attributes); the colours follow the page's `dark` class.
 *
 * The script is `installSandboxCheckout` below: typed and linted with the API, compiled by
 * its build, and served as its source text (Function.prototype.toString) called at once. So
 * it must stand alone: it runs in the shopper's browser and sees nothing of this module.
 */

/** What POST /sandbox/pay answers, handed to options.handler as Razorpay hands its payment. */
interface SandboxPayment {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

interface CheckoutOptions {
  key?: string;
  amount: number;
  currency?: string;
  name?: string;
  description?: string;
  order_id: string;
  prefill?: { name?: string; email?: string; contact?: string };
  theme?: { color?: string };
  handler?: (response: SandboxPayment) => void;
  modal?: { ondismiss?: () => void };
}

declare global {
  interface Window {
    Razorpay?: unknown;
  }
}

function installSandboxCheckout(): void {
  'use strict';
  const script = document.currentScript as HTMLScriptElement | null;
  const payUrl = script?.src ? new URL('pay', script.src).href : '/api/payment/sandbox/pay';

  function isDark(): boolean {
    const root = document.documentElement;
    return root.classList.contains('dark') || getComputedStyle(root).colorScheme === 'dark';
  }
  function formatAmount(paise: number, currency: string | undefined): string {
    try {
      return new Intl.NumberFormat('en-IN', {
        style: 'currency',
        currency: currency || 'INR',
      }).format(paise / 100);
    } catch {
      return '\u20b9' + (paise / 100).toFixed(2);
    }
  }
  function el<K extends keyof HTMLElementTagNameMap>(
    tag: K,
    style?: string,
    text?: string,
  ): HTMLElementTagNameMap[K] {
    const node = document.createElement(tag);
    if (style) node.setAttribute('style', style);
    if (text !== undefined) node.textContent = text;
    return node;
  }
  function randomId(): string {
    const bytes = crypto.getRandomValues(new Uint8Array(8));
    return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  }

  type Listener = (payload: unknown) => void;

  class Razorpay {
    static isSandbox = true;
    private readonly listeners: Record<string, Listener[]> = {};
    private root: HTMLElement | null = null;
    private previousFocus: Element | null = null;
    private onKey: ((e: KeyboardEvent) => void) | null = null;

    constructor(private readonly options: CheckoutOptions) {
      if (!options?.order_id) throw new Error('Sandbox checkout: options.order_id is required');
    }

    on(event: string, fn: Listener): this {
      (this.listeners[event] ??= []).push(fn);
      return this;
    }

    private emit(event: string, payload: unknown): void {
      (this.listeners[event] ?? []).forEach((fn) => fn(payload));
    }

    close(): void {
      if (!this.root) return;
      if (this.onKey) document.removeEventListener('keydown', this.onKey, true);
      this.root.remove();
      this.root = null;
      (this.previousFocus as HTMLElement | null)?.focus?.();
    }

    open(): void {
      if (this.root) return;
      const o = this.options;
      const dark = isDark();
      const accent = o.theme?.color || '#2563eb';
      const fg = dark ? '#f3f4f6' : '#111827';
      const muted = dark ? '#9ca3af' : '#4b5563';
      const bg = dark ? '#1f2937' : '#ffffff';
      const border = dark ? '#4b5563' : '#d1d5db';
      this.previousFocus = document.activeElement;

      const overlay = el(
        'div',
        'position:fixed;inset:0;z-index:2147483000;background:rgba(0,0,0,.55);display:flex;align-items:center;justify-content:center;padding:16px;box-sizing:border-box;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.4',
      );
      overlay.setAttribute('data-sandbox-checkout', '');
      const dialog = el(
        'div',
        `background:${bg};color:${fg};border:1px solid ${border};border-radius:12px;box-shadow:0 20px 50px rgba(0,0,0,.35);width:100%;max-width:380px;padding:24px;box-sizing:border-box`,
      );
      dialog.setAttribute('role', 'dialog');
      dialog.setAttribute('aria-modal', 'true');
      dialog.setAttribute('aria-labelledby', 'sandbox-pay-title');
      dialog.setAttribute('aria-describedby', 'sandbox-pay-label');

      const label = el(
        'p',
        'margin:0 0 12px;display:inline-block;padding:2px 10px;border-radius:999px;font-size:12px;font-weight:600;background:#fef3c7;color:#92400e',
        'Sandbox \u2014 no real money moves',
      );
      label.id = 'sandbox-pay-label';
      const title = el(
        'h2',
        'margin:0 0 4px;font-size:20px;font-weight:700;color:inherit',
        'Sandbox payment',
      );
      title.id = 'sandbox-pay-title';
      const about = [o.name, o.description].filter(Boolean).join(' \u00b7 ');
      const shop = el('p', `margin:0 0 16px;color:${muted};font-size:14px`, about);
      const amount = el(
        'p',
        'margin:0 0 4px;font-size:28px;font-weight:700',
        formatAmount(o.amount, o.currency),
      );
      amount.setAttribute('data-sandbox-amount', '');
      const email = o.prefill?.email;
      const who = el(
        'p',
        `margin:0 0 16px;color:${muted};font-size:14px;word-break:break-all`,
        email ? 'Paying as ' + email : 'No email given',
      );
      const status = el(
        'p',
        `margin:0 0 12px;min-height:20px;font-size:14px;color:${dark ? '#fca5a5' : '#b91c1c'}`,
      );
      status.setAttribute('role', 'status');
      status.setAttribute('aria-live', 'polite');

      // Each label stays on one line; on a screen too narrow for both side by side they stack.
      const base =
        'font:inherit;font-size:15px;font-weight:600;padding:10px 12px;border-radius:8px;cursor:pointer;outline-offset:2px;white-space:nowrap;';
      const pay = el(
        'button',
        `${base}display:block;width:100%;margin:0 0 8px;border:0;background:${accent};color:#ffffff`,
        'Pay',
      );
      const row = el('div', 'display:flex;flex-wrap:wrap;gap:8px');
      const outlined = `${base}flex:1 1 0;min-width:max-content;background:transparent;color:${fg};border:1px solid ${border}`;
      const fail = el('button', outlined, 'Fail payment');
      const cancel = el('button', outlined, 'Cancel');
      const buttons = [pay, fail, cancel];
      buttons.forEach((b) => (b.type = 'button'));

      row.append(fail, cancel);
      dialog.append(label, title, shop, amount, who, status, pay, row);
      overlay.append(dialog);
      document.body.append(overlay);
      this.root = overlay;
      pay.focus();

      const busy = (on: boolean) => {
        buttons.forEach((b) => {
          b.disabled = on;
          b.style.opacity = on ? '0.6' : '1';
        });
        pay.textContent = on ? 'Paying\u2026' : 'Pay';
      };
      const dismiss = () => {
        this.close();
        o.modal?.ondismiss?.();
      };
      this.onKey = (e: KeyboardEvent) => {
        if (!this.root) return;
        if (e.key === 'Escape') {
          e.preventDefault();
          e.stopPropagation();
          if (!pay.disabled) dismiss();
        } else if (e.key === 'Tab') {
          const enabled = buttons.filter((b) => !b.disabled);
          const first = enabled[0];
          const last = enabled[enabled.length - 1];
          if (!first || !last) {
            e.preventDefault();
            return;
          }
          const i = enabled.indexOf(document.activeElement as HTMLButtonElement);
          if (e.shiftKey && i <= 0) {
            e.preventDefault();
            last.focus();
          } else if (!e.shiftKey && (i === -1 || i === enabled.length - 1)) {
            e.preventDefault();
            first.focus();
          }
        }
      };
      document.addEventListener('keydown', this.onKey, true);

      pay.addEventListener('click', () => {
        busy(true);
        status.textContent = '';
        void fetch(payUrl, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ order_id: o.order_id }),
        })
          .then(async (res) => {
            const body = (await res.json().catch(() => ({}))) as { message?: string };
            if (!res.ok) throw new Error(body.message || 'The sandbox could not take the payment');
            return body as SandboxPayment;
          })
          .then(
            (body) => {
              this.close();
              o.handler?.({
                razorpay_payment_id: body.razorpay_payment_id,
                razorpay_order_id: body.razorpay_order_id,
                razorpay_signature: body.razorpay_signature,
              });
            },
            (err: Error) => {
              busy(false);
              status.textContent = err.message;
              pay.focus();
            },
          );
      });
      fail.addEventListener('click', () => {
        status.textContent = 'Payment failed. You can try again or cancel.';
        this.emit('payment.failed', {
          error: {
            code: 'BAD_REQUEST_ERROR',
            description: 'Payment failed (sandbox)',
            source: 'customer',
            step: 'payment_authentication',
            reason: 'payment_failed',
            metadata: { order_id: o.order_id, payment_id: 'pay_sandbox_' + randomId() },
          },
        });
      });
      cancel.addEventListener('click', dismiss);
    }
  }

  window.Razorpay = Razorpay;
}

export const SANDBOX_CHECKOUT_JS = `/* Sandbox payment provider: no real money moves. */
(${installSandboxCheckout.toString()})();
`;
