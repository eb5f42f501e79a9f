import ReportButton from './ReportButton.tsx';

/** "Report" on a received message in the inbox (island slot message.actions). */
export default function MessageReport({ message }: { message: { id: number; senderName: string } }) {
  return (
    <ReportButton target={{ type: 'message', id: message.id, label: `Message from ${message.senderName}` }} signedIn />
  );
}
