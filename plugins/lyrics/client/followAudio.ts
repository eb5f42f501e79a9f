import { $playerAudio } from '../islands/playerAudio.ts';

/** `player.audio` hook: the player's lyrics view reads the element's own clock. */
export default function followAudio(audio: HTMLAudioElement): void {
  $playerAudio.set(audio);
}
