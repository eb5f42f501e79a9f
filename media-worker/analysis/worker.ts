// Worker-thread side of an analysis: receives PCM chunks, runs the DSP, answers with the features.
// Each chunk is acknowledged so the sender can hold ffmpeg back instead of queueing the whole file.
import { parentPort } from 'node:worker_threads';
import { SignalAnalyser } from './signal.ts';

export type ToWorker = { type: 'chunk'; data: ArrayBuffer } | { type: 'end' };
export type FromWorker = { type: 'ack' } | { type: 'result'; features: ReturnType<SignalAnalyser['finish']> };

const analyser = new SignalAnalyser();
const port = parentPort!;

port.on('message', (message: ToWorker) => {
  if (message.type === 'chunk') {
    analyser.push(new Float32Array(message.data));
    port.postMessage({ type: 'ack' } satisfies FromWorker);
  } else {
    port.postMessage({ type: 'result', features: analyser.finish() } satisfies FromWorker);
  }
});
