// SMTP for plugins that send mail (accounts: reset and verification links; notifications), when SMTP_URL is set.
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config, MailConfig } from './config.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/**
 * One SMTP transport per process (nodemailer pools nothing by default; a transport is cheap to keep).
 * Links start with the configured public origin, read when a mail is written.
 */
export function createMailer(config: MailConfig, site: Pick<Config, 'publicUrl'>) {
  let transport: Transporter | null = null;
  return {
    async send(mail: Mail): Promise<void> {
      transport ??= nodemailer.createTransport(config.smtpUrl);
      await transport.sendMail({ from: config.from, ...mail });
    },
    link(path: string): string {
      return new URL(path, site.publicUrl).href;
    },
    close(): void {
      transport?.close();
    },
  };
}
