import { MONTH, component, dateTime, integer, object, string } from '../../api/openapi/schema.ts';

export const Pledge = component(
  'Pledge',
  object({ id: integer, artistId: integer, artistName: string, credits: integer, month: MONTH, createdAt: dateTime }),
);

/** An artist the vault's pledge dialog offers, with the month of their next drop (where a pledge goes). */
export const PledgeChoice = component('PledgeChoice', object({ id: integer, name: string, month: MONTH }));
