// The Mailer port (app/context.ts) over SMTP with nodemailer. SMTP_URL, e.g. smtp://user:pass@host:587;
// `?from=billing@example.com` sets the sender of every message. The transport is created once per
// process, lazily, on the first message; `?ignore_tls=true` skips STARTTLS (local test receivers).
import nodemailer, { type Transporter } from 'nodemailer';
import type { Mailer, OutgoingMail } from '../app/context.ts';

export function createSmtpMailer(smtpUrl: string): Mailer & { close(): void } {
  const url = new URL(smtpUrl);
  const from = url.searchParams.get('from');
  const ignoreTLS = url.searchParams.get('ignore_tls') === 'true';
  url.searchParams.delete('from');
  url.searchParams.delete('ignore_tls');
  let transport: Transporter | undefined;
  const transporter = () => {
    transport ??= nodemailer.createTransport({
      url: url.toString(),
      ignoreTLS,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    } as never);
    return transport;
  };
  return {
    async send(message: OutgoingMail) {
      const info = await transporter().sendMail({
        from: from ?? message.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        attachments: message.attachments,
      });
      return { messageId: String(info.messageId) };
    },
    close() {
      transport?.close();
    },
  };
}
