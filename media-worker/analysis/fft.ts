// In-place iterative radix-2 FFT. Tables are built once per size and reused for every frame.

interface FftTables {
  /** Twiddles of every stage, contiguous: the stage of half-size h holds e^(-iπk/h) at [h + k]. */
  cos: Float64Array;
  sin: Float64Array;
  reversed: Uint32Array;
}

const tables = new Map<number, FftTables>();

function tablesFor(n: number): FftTables {
  let t = tables.get(n);
  if (t) return t;
  if (n < 4 || (n & (n - 1)) !== 0) throw new Error(`FFT size must be a power of two of at least 4, got ${n}`);
  const cos = new Float64Array(n);
  const sin = new Float64Array(n);
  for (let h = 1; h < n; h <<= 1) {
    for (let k = 0; k < h; k++) {
      cos[h + k] = Math.cos((-Math.PI * k) / h);
      sin[h + k] = Math.sin((-Math.PI * k) / h);
    }
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

/**
 * Forward FFT of (re, im), both of power-of-two length n ≥ 4, in place. The first two stages
 * (twiddles 1 and −i) have no multiplications and are done apart; later stages read their twiddles
 * contiguously. This is most of the analysis's time (profiled), hence the care.
 */
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
  for (let a = 0; a < n; a += 4) {
    // Two size-2 butterflies, then the size-4 one: (a, a+2) with twiddle 1, (a+1, a+3) with −i.
    const r0 = re[a] + re[a + 1];
    const i0 = im[a] + im[a + 1];
    const r1 = re[a] - re[a + 1];
    const i1 = im[a] - im[a + 1];
    const r2 = re[a + 2] + re[a + 3];
    const i2 = im[a + 2] + im[a + 3];
    const r3 = re[a + 2] - re[a + 3];
    const i3 = im[a + 2] - im[a + 3];
    re[a] = r0 + r2;
    im[a] = i0 + i2;
    re[a + 2] = r0 - r2;
    im[a + 2] = i0 - i2;
    re[a + 1] = r1 + i3;
    im[a + 1] = i1 - r3;
    re[a + 3] = r1 - i3;
    im[a + 3] = i1 + r3;
  }
  for (let half = 4; half < n; half <<= 1) {
    const size = half << 1;
    for (let start = 0; start < n; start += size) {
      for (let k = 0; k < half; k++) {
        const wr = cos[half + k];
        const wi = sin[half + k];
        const a = start + k;
        const b = a + half;
        const br = re[b];
        const bi = im[b];
        const xr = br * wr - bi * wi;
        const xi = br * wi + bi * wr;
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
