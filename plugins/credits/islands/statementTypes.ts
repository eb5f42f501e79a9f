import type { CreditsService } from '../service.ts';

export type FanStatementData = Awaited<ReturnType<CreditsService['fanStatement']>>;
export type ArtistStatementData = Awaited<ReturnType<CreditsService['artistStatement']>>;
