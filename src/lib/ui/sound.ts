// The table's sounds, synthesized with WebAudio (no files to fetch): a click
// for a play, a swish for a draw, a chime for your turn, a rising arpeggio for
// a round's end, a low double beep for an alarm. The AudioContext is made
// once the page has had a gesture (browsers only let audio start after one):
// at the first cue if the player already clicked or typed, else at their next
// pointer or key press; cues before that are silent.

export const CUES = ['play', 'draw', 'turn', 'roundEnd', 'alarm'] as const;
export type Cue = (typeof CUES)[number];

/** One voice of a sound, in seconds from its start; gains are peak levels (0–1). */
export type Voice =
  | {
      readonly kind: 'tone';
      readonly wave: OscillatorType;
      /** Hz at the start and at the end (an exponential glide). */
      readonly from: number;
      readonly to: number;
      readonly at: number;
      readonly length: number;
      readonly gain: number;
    }
  | {
      readonly kind: 'noise';
      /** Centre of the band the noise is filtered to, at the start and the end. */
      readonly from: number;
      readonly to: number;
      readonly at: number;
      readonly length: number;
      readonly gain: number;
    };

const tone = (
  wave: OscillatorType,
  from: number,
  to: number,
  at: number,
  length: number,
  gain: number,
): Voice => ({ kind: 'tone', wave, from, to, at, length, gain });

export const SOUNDS: Readonly<Record<Cue, readonly Voice[]>> = {
  play: [tone('triangle', 520, 180, 0, 0.09, 0.18)],
  draw: [{ kind: 'noise', from: 900, to: 2600, at: 0, length: 0.14, gain: 0.12 }],
  turn: [tone('sine', 660, 660, 0, 0.12, 0.12), tone('sine', 880, 880, 0.1, 0.18, 0.12)],
  roundEnd: [
    tone('sine', 523, 523, 0, 0.14, 0.12),
    tone('sine', 659, 659, 0.11, 0.14, 0.12),
    tone('sine', 784, 784, 0.22, 0.3, 0.13),
  ],
  alarm: [tone('square', 220, 200, 0, 0.13, 0.07), tone('square', 220, 200, 0.19, 0.13, 0.07)],
};

/** Seconds a cue lasts (its last voice's end). */
export function soundLength(cue: Cue): number {
  return Math.max(...SOUNDS[cue].map((v) => v.at + v.length));
}

/** Cues in a row are spaced so they stay distinct instead of piling up. */
const SPACING = 0.09;

let context: AudioContext | null = null;
let armed = false;
let nextStart = 0;
let noise: AudioBuffer | null = null;

function unlock(): void {
  removeEventListener('pointerdown', unlock, true);
  removeEventListener('keydown', unlock, true);
  try {
    context ??= new AudioContext();
    if (context.state === 'suspended') void context.resume();
  } catch {
    context = null;
  }
}

/** Plays a cue if audio has been unlocked by a gesture; otherwise waits for one. */
export function playCue(cue: Cue): void {
  // A page the player has already clicked or typed in may start audio at once.
  if (!context && typeof navigator !== 'undefined' && navigator.userActivation?.hasBeenActive) {
    unlock();
  }
  if (!context) {
    if (!armed && typeof addEventListener === 'function') {
      armed = true;
      addEventListener('pointerdown', unlock, true);
      addEventListener('keydown', unlock, true);
    }
    return;
  }
  if (context.state !== 'running') return;
  try {
    const start = Math.max(context.currentTime, nextStart);
    nextStart = start + Math.min(soundLength(cue), SPACING);
    for (const voice of SOUNDS[cue]) sound(context, voice, start + voice.at);
  } catch {
    // No audio here: silence is fine.
  }
}

function sound(ctx: AudioContext, v: Voice, t: number): void {
  const gain = ctx.createGain();
  gain.gain.setValueAtTime(0.0001, t);
  gain.gain.exponentialRampToValueAtTime(v.gain, t + 0.006);
  gain.gain.exponentialRampToValueAtTime(0.0001, t + v.length);
  gain.connect(ctx.destination);
  let source: AudioScheduledSourceNode;
  if (v.kind === 'tone') {
    const osc = ctx.createOscillator();
    osc.type = v.wave;
    osc.frequency.setValueAtTime(v.from, t);
    osc.frequency.exponentialRampToValueAtTime(v.to, t + v.length);
    osc.connect(gain);
    source = osc;
  } else {
    const buffer = noiseBuffer(ctx);
    const src = ctx.createBufferSource();
    src.buffer = buffer;
    const band = ctx.createBiquadFilter();
    band.type = 'bandpass';
    band.Q.value = 1.2;
    band.frequency.setValueAtTime(v.from, t);
    band.frequency.exponentialRampToValueAtTime(v.to, t + v.length);
    src.connect(band).connect(gain);
    source = src;
  }
  source.start(t);
  source.stop(t + v.length + 0.02);
}

/** A quarter second of white noise, made once. */
function noiseBuffer(ctx: AudioContext): AudioBuffer {
  if (noise && noise.sampleRate === ctx.sampleRate) return noise;
  const buffer = ctx.createBuffer(1, Math.ceil(ctx.sampleRate * 0.25), ctx.sampleRate);
  const data = buffer.getChannelData(0);
  // Any noise will do: a xorshift sequence, the same every time.
  let x = 0x2545f491;
  for (let i = 0; i < data.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    data[i] = (x >>> 0) / 0x80000000 - 1;
  }
  noise = buffer;
  return buffer;
}
