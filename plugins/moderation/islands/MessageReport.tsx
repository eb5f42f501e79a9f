import ReportButton from './ReportButton.tsx';
import * as m from '../../../lib/i18n/messages.ts';

/** "Report" on a received message in the inbox (island slot message.actions). */
export default function MessageReport({ message }: { message: { id: number; senderName: string } }) {
  return (
    <ReportButton
      target={{ type: 'message', id: message.id, label: m.report_message_from({ name: message.senderName }) }}
      signedIn
    />
  );
}
