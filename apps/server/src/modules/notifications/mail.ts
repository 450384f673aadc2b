import nodemailer, { type Transporter } from 'nodemailer';

/*
 * Email through nodemailer over SMTP (SMTP_URL), pooled, with a plain-text and an HTML part. Each message
 * carries its delivery's Message-ID, and the one-click unsubscribe headers of RFC 8058.
 */

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  /** The signed link a mail client POSTs to (List-Unsubscribe-Post: List-Unsubscribe=One-Click). */
  unsubscribeUrl: string | null;
}

export type MailOutcome = { ok: true } | { ok: false; retry: boolean; error: string };

export class Mailer {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    const url = new URL(smtpUrl);
    this.transport = nodemailer.createTransport({
      pool: true,
      maxConnections: 5,
      maxMessages: Number.POSITIVE_INFINITY,
      host: url.hostname,
      port: url.port ? Number(url.port) : url.protocol === 'smtps:' ? 465 : 587,
      secure: url.protocol === 'smtps:',
      auth: url.username
        ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
        : undefined,
      connectionTimeout: 10_000,
      socketTimeout: 20_000,
    });
  }

  async send(message: MailMessage): Promise<MailOutcome> {
    try {
      await this.transport.sendMail({
        from: this.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        messageId: message.messageId,
        headers: message.unsubscribeUrl ? { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : {},
        list: message.unsubscribeUrl ? { unsubscribe: message.unsubscribeUrl } : undefined,
      });
      return { ok: true };
    } catch (err) {
      const e = err as { responseCode?: number; message?: string };
      // 5xx from the mail server is permanent (e.g. an unknown recipient); anything else may pass later.
      const permanent = typeof e.responseCode === 'number' && e.responseCode >= 500;
      return { ok: false, retry: !permanent, error: e.message ?? 'mail failed' };
    }
  }

  close(): void {
    this.transport.close();
  }
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] as string);
}
