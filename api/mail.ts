// SMTP for plugins that send mail (accounts: reset and verification links; notifications), when SMTP_URL is set.
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config, MailConfig } from './config.ts';
import { unavailable } from './errors.ts';

/** nodemailer's codes for a server it could not reach or talk to. */
const UNREACHABLE = new Set(['ECONNECTION', 'ESOCKET', 'ETIMEDOUT', 'EDNS', 'ECONNREFUSED', 'EPROTOCOL']);

/** The server cannot be reached, or refuses for now (a 4xx reply): the mail is sent later, not given up. */
function transient(error: unknown): boolean {
  const { code, responseCode } = error as { code?: string; responseCode?: number };
  return (code !== undefined && UNREACHABLE.has(code)) || (responseCode !== undefined && responseCode < 500);
}

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
      try {
        await transport.sendMail({ from: config.from, ...mail });
      } catch (error) {
        if (transient(error)) throw unavailable(`The mail server is not answering: ${(error as Error).message}`);
        throw error;
      }
    },
    link(path: string): string {
      return new URL(path, site.publicUrl).href;
    },
    close(): void {
      transport?.close();
    },
  };
}
