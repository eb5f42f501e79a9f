// In-place iterative radix-2 FFT. Tables are built once per size and reused for every frame.

interface FftTables {
  cos: Float64Array;
  sin: Float64Array;
  reversed: Uint32Array;
}

const tables = new Map<number, FftTables>();

function tablesFor(n: number): FftTables {
  let t = tables.get(n);
  if (t) return t;
  if (n < 2 || (n & (n - 1)) !== 0) throw new Error(`FFT size must be a power of two, got ${n}`);
  const cos = new Float64Array(n / 2);
  const sin = new Float64Array(n / 2);
  for (let i = 0; i < n / 2; i++) {
    cos[i] = Math.cos((-2 * Math.PI * i) / n);
    sin[i] = Math.sin((-2 * Math.PI * i) / n);
  }
  const bits = Math.log2(n);
  const reversed = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    let r = 0;
    for (let b = 0; b < bits; b++) r |= ((i >> b) & 1) << (bits - 1 - b);
    reversed[i] = r;
  }
  t = { cos, sin, reversed };
  tables.set(n, t);
  return t;
}

/** Forward FFT of (re, im), both of power-of-two length n, in place. */
export function fft(re: Float64Array, im: Float64Array): void {
  const n = re.length;
  const { cos, sin, reversed } = tablesFor(n);
  for (let i = 0; i < n; i++) {
    const j = reversed[i];
    if (j > i) {
      const tr = re[i];
      re[i] = re[j];
      re[j] = tr;
      const ti = im[i];
      im[i] = im[j];
      im[j] = ti;
    }
  }
  for (let size = 2; size <= n; size <<= 1) {
    const half = size >> 1;
    const step = n / size;
    for (let start = 0; start < n; start += size) {
      for (let k = 0; k < half; k++) {
        const wr = cos[k * step];
        const wi = sin[k * step];
        const a = start + k;
        const b = a + half;
        const xr = re[b] * wr - im[b] * wi;
        const xi = re[b] * wi + im[b] * wr;
        re[b] = re[a] - xr;
        im[b] = im[a] - xi;
        re[a] += xr;
        im[a] += xi;
      }
    }
  }
}

/** Periodic Hann window of length n. */
export function hann(n: number): Float64Array {
  const w = new Float64Array(n);
  for (let i = 0; i < n; i++) w[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / n);
  return w;
}

/**
 * Power spectrum |X[k]|² (k = 0..n/2) of a real frame after windowing. The frame is packed into a
 * complex FFT of half the size (even samples real, odd imaginary) and unpacked, which halves the
 * work; scratch arrays are reused so a long file allocates nothing per frame.
 */
export class PowerSpectrum {
  readonly size: number;
  readonly power: Float64Array;
  private readonly window: Float64Array;
  private readonly re: Float64Array;
  private readonly im: Float64Array;
  private readonly twiddleCos: Float64Array;
  private readonly twiddleSin: Float64Array;

  constructor(size: number) {
    this.size = size;
    this.window = hann(size);
    this.re = new Float64Array(size / 2);
    this.im = new Float64Array(size / 2);
    this.power = new Float64Array(size / 2 + 1);
    this.twiddleCos = new Float64Array(size / 2);
    this.twiddleSin = new Float64Array(size / 2);
    for (let k = 0; k < size / 2; k++) {
      this.twiddleCos[k] = Math.cos((-2 * Math.PI * k) / size);
      this.twiddleSin[k] = Math.sin((-2 * Math.PI * k) / size);
    }
  }

  compute(frame: Float32Array): Float64Array {
    const { re, im, window, power, twiddleCos, twiddleSin } = this;
    const half = this.size / 2;
    for (let i = 0; i < half; i++) {
      re[i] = frame[2 * i] * window[2 * i];
      im[i] = frame[2 * i + 1] * window[2 * i + 1];
    }
    fft(re, im);
    power[0] = (re[0] + im[0]) ** 2;
    power[half] = (re[0] - im[0]) ** 2;
    for (let k = 1; k < half; k++) {
      // Even part E = (Z[k] + conj Z[n-k]) / 2, odd part O = (Z[k] - conj Z[n-k]) / 2i; X = E + W^k O.
      const zr = re[k];
      const zi = im[k];
      const cr = re[half - k];
      const ci = -im[half - k];
      const er = 0.5 * (zr + cr);
      const ei = 0.5 * (zi + ci);
      const or = 0.5 * (zi - ci);
      const oi = -0.5 * (zr - cr);
      const xr = er + twiddleCos[k] * or - twiddleSin[k] * oi;
      const xi = ei + twiddleCos[k] * oi + twiddleSin[k] * or;
      power[k] = xr * xr + xi * xi;
    }
    return power;
  }
}
