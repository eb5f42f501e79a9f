import { dbToGain, normalisationGainDb } from '../../../lib/loudness.ts';
import { formatDuration } from '../../../lib/time.ts';
import audioHooks from 'virtual:onetrack/hooks/player.audio';

// The embed page's player (components/EmbedPlayer.astro): play/pause, position and seeking over
// one <audio>, which plays through a Web Audio gain node set from the track's measured loudness,
// the same matching as the main player (lib/loudness.ts). Kept tiny: no framework.

const number = (text: string | undefined) => (text ? Number(text) : null);

function wire(root: HTMLElement): void {
  const audio = root.querySelector('audio')!;
  const button = root.querySelector<HTMLButtonElement>('[data-embed-play]')!;
  const seek = root.querySelector<HTMLInputElement>('[data-embed-seek]')!;
  const time = root.querySelector<HTMLElement>('[data-embed-time]')!;
  for (const follow of audioHooks) follow(audio, () => Number(audio.dataset.trackId));
  const gainDb = normalisationGainDb({ lufs: number(audio.dataset.lufs), truePeak: number(audio.dataset.truePeak) });
  let context: AudioContext | null = null;
  let dragging = false;

  /** Built on the first play (a user gesture, which audio contexts need to start). */
  function matchLoudness(): void {
    if (context) return;
    try {
      context = new AudioContext();
      const gain = context.createGain();
      gain.gain.value = dbToGain(gainDb);
      context.createMediaElementSource(audio).connect(gain).connect(context.destination);
      root.dataset.gainDb = String(gainDb);
    } catch (error) {
      // No Web Audio here: the track still plays, only without loudness matching.
      console.warn('loudness matching unavailable', error);
    }
  }

  const duration = () =>
    Number.isFinite(audio.duration) && audio.duration > 0 ? audio.duration : Number(audio.dataset.duration);
  function showTime(): void {
    if (!dragging) seek.value = String(audio.currentTime);
    time.textContent = `${formatDuration(audio.currentTime)} / ${formatDuration(duration())}`;
  }
  function showState(): void {
    const playing = !audio.paused;
    root.classList.toggle('is-playing', playing);
    button.setAttribute('aria-label', (playing ? button.dataset.pauseLabel : button.dataset.playLabel) ?? '');
  }

  button.addEventListener('click', () => {
    if (!audio.paused) return audio.pause();
    matchLoudness();
    void context?.resume();
    audio.play().catch((error) => console.warn('playback failed', error));
  });
  audio.addEventListener('play', showState);
  audio.addEventListener('pause', showState);
  audio.addEventListener('ended', showState);
  audio.addEventListener('timeupdate', showTime);
  audio.addEventListener('loadedmetadata', () => {
    seek.max = String(duration());
    showTime();
  });
  seek.addEventListener('input', () => {
    dragging = true;
    time.textContent = `${formatDuration(Number(seek.value))} / ${formatDuration(duration())}`;
  });
  seek.addEventListener('change', () => {
    dragging = false;
    audio.currentTime = Number(seek.value);
  });
}

const root = document.querySelector<HTMLElement>('[data-embed-player]');
if (root) wire(root);
