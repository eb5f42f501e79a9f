import ReportButton from './ReportButton.tsx';
import * as m from '../../../lib/i18n/messages.ts';

/** "Report" on another person's timed comment (island slot comment.actions, filled for signed-in viewers). */
export default function CommentReport({ comment }: { comment: { id: number; author: { name: string } } }) {
  return (
    <ReportButton
      target={{ type: 'comment', id: comment.id, label: m.report_comment_by({ name: comment.author.name }) }}
      signedIn
      className="btn btn-link btn-sm report-button p-0"
    />
  );
}
