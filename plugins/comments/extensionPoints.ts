import type { CommentJson } from './service.ts';

// The slot the track page's comment list renders (docs/architecture.md, "Extension points").

declare module '../../api/plugins/types.ts' {
  interface SlotProps {
    'comment.actions': { comment: CommentJson };
  }
}
