/**
 * The foot of every mail to a shopper about an order (its confirmation and status, its returns,
 * a refund, a review request): where to see the order, and how to reach the shop's support (the
 * shop details settings). One helper, so every such mail says it the same way.
 */
import { escapeHtml, MAIL_STYLE, mailRow } from './html.js';

/** The footer's text lines (after the sign-off) and its HTML rows (the card's last). */
export interface MailFooter {
  text: string[];
  html: string[];
}

/** How shoppers reach the shop, as the shop details settings hold it ('' while not set). */
export interface SupportContact {
  email: string;
  phone: string;
  hours: string;
}

const link = 'color:#4f46e5;';

export function mailFooter(input: {
  /**
   * The order the mail is about, with its page's full address when PUBLIC_URL is set (else the
   * text says where to look); null for a mail about no order (a payment that made none).
   */
  order: { url?: string | undefined } | null;
  support: SupportContact;
  /** The Contact page's full address (PUBLIC_URL set): named when no email or phone is set. */
  contactUrl?: string | undefined;
}): MailFooter {
  const { support, contactUrl } = input;
  const orderUrl = input.order?.url;
  const order = !input.order
    ? null
    : orderUrl
      ? {
          text: `See your order: ${orderUrl}`,
          html: `<a href="${escapeHtml(orderUrl)}" style="${link}">See your order</a>`,
        }
      : {
          text: 'See your order under Orders in your account.',
          html: 'See your order under Orders in your account.',
        };

  const hours = support.hours ? ` (${support.hours})` : '';
  const ways: Array<{ verb: string; label: string; href: string }> = [];
  if (support.email)
    ways.push({ verb: 'write to', label: support.email, href: `mailto:${support.email}` });
  if (support.phone)
    ways.push({
      verb: 'call',
      label: support.phone,
      href: `tel:${support.phone.replace(/[^\d+]/g, '')}`,
    });
  let help: { text: string; html: string } | null = null;
  if (ways.length) {
    const text = ways.map((w) => `${w.verb} ${w.label}`).join(' or ');
    const html = ways
      .map(
        (w) =>
          `${w.verb} <a href="${escapeHtml(w.href)}" style="${link}">${escapeHtml(w.label)}</a>`,
      )
      .join(' or ');
    help = {
      text: `Questions? ${capitalise(text)}${hours}.`,
      html: `Questions? ${capitalise(html)}${escapeHtml(hours)}.`,
    };
  } else if (contactUrl) {
    // No email or phone set yet: the Contact page says how to reach the shop.
    help = {
      text: `Questions? Contact us: ${contactUrl}`,
      html: `Questions? <a href="${escapeHtml(contactUrl)}" style="${link}">Contact us</a>.`,
    };
  }
  const lines = [order, help].filter((l) => l !== null);
  return {
    text: lines.length ? ['', ...lines.map((l) => l.text)] : [],
    html: lines.map((l) => mailRow(l.html, MAIL_STYLE.small)),
  };
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
