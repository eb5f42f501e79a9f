import { atom } from 'nanostores';

/** The site player's <audio> element, handed over by the `player.audio` hook (client/followAudio.ts). */
export const $playerAudio = atom<HTMLAudioElement | null>(null);
