import type { CommentJson } from '../service.ts';

/** A commenter's photo, or their initial. */
export function CommentAvatar({ author, className = '' }: { author: CommentJson['author']; className?: string }) {
  return author.profileImage ? (
    <img className={`avatar avatar-sm ${className}`} src={author.profileImage} alt="" width={24} height={24} />
  ) : (
    <span className={`avatar avatar-sm avatar-initials ${className}`} aria-hidden="true">
      {author.name.slice(0, 1).toUpperCase()}
    </span>
  );
}
