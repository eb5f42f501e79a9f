import { dbToGain, normalisationGainDb, type MeasuredLoudness } from '../../lib/loudness.ts';

// The player's Web Audio graph: <audio> → MediaElementSource → GainNode → speakers. The gain matches
// each track's measured loudness to the target (loudness.ts). Built at the first play, inside the
// click that started it, so the browser lets the AudioContext run.

export interface PlayerGraph {
  context: AudioContext;
  gain: GainNode;
}

let graph: PlayerGraph | null = null;
/** Gain of the track now loaded: matched to the target, or unity when normalisation is off. */
let gainDb = 0;

declare global {
  interface Window {
    /** The live graph, so a browser test can tap the gain node's output with an AnalyserNode. */
    __onetrackPlayerGraph?: PlayerGraph;
  }
}

export function ensureGraph(audio: HTMLAudioElement): PlayerGraph | null {
  if (graph) return graph;
  if (typeof AudioContext === 'undefined') return null;
  const context = new AudioContext();
  const gain = context.createGain();
  gain.gain.value = dbToGain(gainDb);
  context.createMediaElementSource(audio).connect(gain).connect(context.destination);
  graph = { context, gain };
  window.__onetrackPlayerGraph = graph;
  return graph;
}

/** A context made outside a user gesture starts suspended; every play asks it to run. */
export async function resumeGraph(): Promise<void> {
  if (graph?.context.state === 'suspended') await graph.context.resume();
}

export function applyLoudness(loudness: MeasuredLoudness | undefined, normalise: boolean): void {
  gainDb = normalise && loudness ? normalisationGainDb(loudness) : 0;
  if (graph) graph.gain.gain.setValueAtTime(dbToGain(gainDb), graph.context.currentTime);
}
