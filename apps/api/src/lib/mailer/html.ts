/** The shop's HTML mails: one inline-styled frame (mail clients ignore style sheets) and escaping. */

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text that goes into an HTML mail: anything a user typed is escaped first. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** Inline styles shared by the mails' rows. */
export const MAIL_STYLE = {
  text: 'font-size:15px;line-height:1.5;padding-bottom:16px;',
  muted: 'font-size:14px;line-height:1.5;color:#52525b;padding-bottom:8px;',
  small: 'font-size:13px;line-height:1.5;color:#71717a;',
} as const;

/** A row of the mail's card holding `html` (already escaped). */
export const mailRow = (html: string, style: string = MAIL_STYLE.text) =>
  `<tr><td style="${style}">${html}</td></tr>`;

/**
 * A whole HTML mail: the shop's name over a white card on a grey page, at most 480 px wide.
 * `rows` are the card's <tr> rows (mailRow), already escaped.
 */
export function mailPage(shopName: string, rows: string[]): string {
  return `<!doctype html>
<html lang="en">
<body style="margin:0;padding:0;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#18181b;">
  <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f5;padding:24px 0;">
    <tr><td align="center">
      <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:480px;background:#ffffff;border-radius:12px;padding:32px;">
        <tr><td style="font-size:20px;font-weight:bold;padding-bottom:16px;">${escapeHtml(shopName)}</td></tr>
        ${rows.join('\n        ')}
      </table>
    </td></tr>
  </table>
</body>
</html>`;
}
