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
 */
export const SANDBOX_CHECKOUT_JS = String.raw`/* Sandbox payment provider: no real money moves. */
(function () {
  'use strict';
  var script = document.currentScript;
  var payUrl = script && script.src ? new URL('pay', script.src).href : '/api/payment/sandbox/pay';

  function isDark() {
    var root = document.documentElement;
    return root.classList.contains('dark') || getComputedStyle(root).colorScheme === 'dark';
  }
  function formatAmount(paise, currency) {
    try {
      return new Intl.NumberFormat('en-IN', { style: 'currency', currency: currency || 'INR' }).format(paise / 100);
    } catch (e) {
      return '\u20b9' + (paise / 100).toFixed(2);
    }
  }
  function el(tag, style, text) {
    var node = document.createElement(tag);
    if (style) node.setAttribute('style', style);
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
  }
  function randomId() {
    var bytes = new Uint8Array(8);
    crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return ('0' + b.toString(16)).slice(-2); }).join('');
  }

  function Razorpay(options) {
    if (!(this instanceof Razorpay)) return new Razorpay(options);
    if (!options || !options.order_id) throw new Error('Sandbox checkout: options.order_id is required');
    this.options = options;
    this.listeners = {};
    this.root = null;
  }
  Razorpay.isSandbox = true;

  Razorpay.prototype.on = function (event, fn) {
    (this.listeners[event] = this.listeners[event] || []).push(fn);
    return this;
  };
  Razorpay.prototype.emit = function (event, payload) {
    (this.listeners[event] || []).forEach(function (fn) { fn(payload); });
  };
  Razorpay.prototype.close = function () {
    if (!this.root) return;
    document.removeEventListener('keydown', this.onKey, true);
    this.root.parentNode && this.root.parentNode.removeChild(this.root);
    this.root = null;
    if (this.previousFocus && typeof this.previousFocus.focus === 'function') this.previousFocus.focus();
  };

  Razorpay.prototype.open = function () {
    if (this.root) return;
    var self = this;
    var o = this.options;
    var dark = isDark();
    var accent = (o.theme && o.theme.color) || '#2563eb';
    var fg = dark ? '#f3f4f6' : '#111827';
    var muted = dark ? '#9ca3af' : '#4b5563';
    var bg = dark ? '#1f2937' : '#ffffff';
    var border = dark ? '#4b5563' : '#d1d5db';
    this.previousFocus = document.activeElement;

    var overlay = el('div', 'position:fixed;inset:0;z-index:2147483000;background:rgba(0,0,0,.55);display:flex;align-items:center;justify-content:center;padding:16px;box-sizing:border-box;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.4');
    overlay.setAttribute('data-sandbox-checkout', '');
    var dialog = el('div', 'background:' + bg + ';color:' + fg + ';border:1px solid ' + border + ';border-radius:12px;box-shadow:0 20px 50px rgba(0,0,0,.35);width:100%;max-width:380px;padding:24px;box-sizing:border-box');
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-modal', 'true');
    dialog.setAttribute('aria-labelledby', 'sandbox-pay-title');
    dialog.setAttribute('aria-describedby', 'sandbox-pay-label');

    var label = el('p', 'margin:0 0 12px;display:inline-block;padding:2px 10px;border-radius:999px;font-size:12px;font-weight:600;background:#fef3c7;color:#92400e', 'Sandbox \u2014 no real money moves');
    label.id = 'sandbox-pay-label';
    var title = el('h2', 'margin:0 0 4px;font-size:20px;font-weight:700;color:inherit', 'Sandbox payment');
    title.id = 'sandbox-pay-title';
    var about = [o.name, o.description].filter(Boolean).join(' \u00b7 ');
    var shop = el('p', 'margin:0 0 16px;color:' + muted + ';font-size:14px', about);
    var amount = el('p', 'margin:0 0 4px;font-size:28px;font-weight:700', formatAmount(o.amount, o.currency));
    amount.setAttribute('data-sandbox-amount', '');
    var email = o.prefill && o.prefill.email;
    var who = el('p', 'margin:0 0 16px;color:' + muted + ';font-size:14px;word-break:break-all', email ? 'Paying as ' + email : 'No email given');
    var status = el('p', 'margin:0 0 12px;min-height:20px;font-size:14px;color:' + (dark ? '#fca5a5' : '#b91c1c'));
    status.setAttribute('role', 'status');
    status.setAttribute('aria-live', 'polite');

    // Each label stays on one line; on a screen too narrow for both side by side they stack.
    var base = 'font:inherit;font-size:15px;font-weight:600;padding:10px 12px;border-radius:8px;cursor:pointer;outline-offset:2px;white-space:nowrap;';
    var pay = el('button', base + 'display:block;width:100%;margin:0 0 8px;border:0;background:' + accent + ';color:#ffffff', 'Pay');
    var row = el('div', 'display:flex;flex-wrap:wrap;gap:8px');
    var fail = el('button', base + 'flex:1 1 0;min-width:max-content;background:transparent;color:' + fg + ';border:1px solid ' + border, 'Fail payment');
    var cancel = el('button', base + 'flex:1 1 0;min-width:max-content;background:transparent;color:' + fg + ';border:1px solid ' + border, 'Cancel');
    var buttons = [pay, fail, cancel];
    buttons.forEach(function (b) { b.type = 'button'; });

    row.appendChild(fail);
    row.appendChild(cancel);
    [label, title, shop, amount, who, status, pay, row].forEach(function (n) { dialog.appendChild(n); });
    overlay.appendChild(dialog);
    document.body.appendChild(overlay);
    this.root = overlay;
    pay.focus();

    function busy(on) {
      buttons.forEach(function (b) { b.disabled = on; b.style.opacity = on ? '0.6' : '1'; });
      pay.textContent = on ? 'Paying\u2026' : 'Pay';
    }
    function dismiss() {
      self.close();
      if (o.modal && typeof o.modal.ondismiss === 'function') o.modal.ondismiss();
    }
    this.onKey = function (e) {
      if (!self.root) return;
      if (e.key === 'Escape') {
        e.preventDefault();
        e.stopPropagation();
        if (!pay.disabled) dismiss();
      } else if (e.key === 'Tab') {
        var enabled = buttons.filter(function (b) { return !b.disabled; });
        if (!enabled.length) { e.preventDefault(); return; }
        var i = enabled.indexOf(document.activeElement);
        if (e.shiftKey && i <= 0) { e.preventDefault(); enabled[enabled.length - 1].focus(); }
        else if (!e.shiftKey && (i === -1 || i === enabled.length - 1)) { e.preventDefault(); enabled[0].focus(); }
      }
    };
    document.addEventListener('keydown', this.onKey, true);

    pay.addEventListener('click', function () {
      busy(true);
      status.textContent = '';
      fetch(payUrl, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ order_id: o.order_id }) })
        .then(function (res) {
          return res.json().catch(function () { return {}; }).then(function (body) {
            if (!res.ok) throw new Error(body.message || 'The sandbox could not take the payment');
            return body;
          });
        })
        .then(function (body) {
          self.close();
          if (typeof o.handler === 'function') {
            o.handler({
              razorpay_payment_id: body.razorpay_payment_id,
              razorpay_order_id: body.razorpay_order_id,
              razorpay_signature: body.razorpay_signature
            });
          }
        }, function (err) {
          busy(false);
          status.textContent = err.message;
          pay.focus();
        });
    });
    fail.addEventListener('click', function () {
      status.textContent = 'Payment failed. You can try again or cancel.';
      self.emit('payment.failed', {
        error: {
          code: 'BAD_REQUEST_ERROR',
          description: 'Payment failed (sandbox)',
          source: 'customer',
          step: 'payment_authentication',
          reason: 'payment_failed',
          metadata: { order_id: o.order_id, payment_id: 'pay_sandbox_' + randomId() }
        }
      });
    });
    cancel.addEventListener('click', dismiss);
  };

  window.Razorpay = Razorpay;
})();
`;
