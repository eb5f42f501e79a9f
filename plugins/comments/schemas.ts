import { boolean, component, dateTime, integer, nullable, object, string } from '../../api/openapi/schema.ts';

export const CommentJson = component(
  'TrackComment',
  object({
    id: integer,
    trackId: integer,
    at: integer,
    body: string,
    createdAt: dateTime,
    author: object({ id: integer, name: string, profileImage: nullable(string) }),
    pinned: boolean,
  }),
);
