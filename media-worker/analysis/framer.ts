/** Cuts a stream of samples into overlapping frames of `size`, one every `hop` samples. */
export class Framer {
  private readonly buffer: Float32Array;
  private readonly hop: number;
  private readonly onFrame: (frame: Float32Array) => void;
  private fill = 0;

  constructor(size: number, hop: number, onFrame: (frame: Float32Array) => void) {
    this.buffer = new Float32Array(size);
    this.hop = hop;
    this.onFrame = onFrame;
  }

  push(samples: Float32Array): void {
    let offset = 0;
    while (offset < samples.length) {
      const take = Math.min(this.buffer.length - this.fill, samples.length - offset);
      this.buffer.set(samples.subarray(offset, offset + take), this.fill);
      this.fill += take;
      offset += take;
      if (this.fill === this.buffer.length) {
        this.onFrame(this.buffer);
        this.buffer.copyWithin(0, this.hop);
        this.fill -= this.hop;
      }
    }
  }
}
