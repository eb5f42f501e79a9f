import { createMailer } from '../../../api/mail.ts';
import type { Kernel } from '../../../api/plugins/types.ts';
import { PAYMENT_FAILED } from './messages.ts';

/** A failed renewal is also e-mailed (the app says it on Billing); without SMTP_URL only the app says it. */
export async function mailPaymentFailed(payload: unknown, kernel: Kernel): Promise<void> {
  const { userId } = payload as { userId: number };
  if (!kernel.config.mail) return;
  const user = await kernel.knex('users').where({ id: userId }).whereNull('deletedAt').first('email');
  if (!user?.email) return;
  const mailer = createMailer(kernel.config.mail, kernel.config);
  try {
    await mailer.send({
      to: user.email,
      subject: 'Your OneTrack payment did not go through',
      text: `${PAYMENT_FAILED}\n\n${mailer.link('/profile?tab=billing')}\n`,
    });
  } finally {
    mailer.close();
  }
}
