// SMTP for plugins that send mail (accounts: reset and verification links; notifications), when SMTP_URL is set.
import nodemailer, { type Transporter } from 'nodemailer';
import type { MailConfig } from './config.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** One SMTP transport per process (nodemailer pools nothing by default; a transport is cheap to keep). */
export function createMailer(config: MailConfig) {
  let transport: Transporter | null = null;
  return {
    async send(mail: Mail): Promise<void> {
      transport ??= nodemailer.createTransport(config.smtpUrl);
      await transport.sendMail({ from: config.from, ...mail });
    },
    link(path: string): string {
      return new URL(path, `${config.publicUrl}/`).href;
    },
    close(): void {
      transport?.close();
    },
  };
}
