import { arrayOf, boolean, component, dateTime, integer, nullable, object, string } from '../../api/openapi/schema.ts';

export const Message = component(
  'Message',
  object({
    id: integer,
    senderId: integer,
    senderName: string,
    recipientId: integer,
    recipientName: string,
    subject: nullable(string),
    content: string,
    isRead: boolean,
    isSentByCurrentUser: boolean,
    createdAt: dateTime,
  }),
);

/** The people the caller blocked. */
export const BlockedPeople = arrayOf(component('BlockedPerson', object({ id: integer, name: string })));
