// A soft click when a tile is laid, made with WebAudio (no files to fetch).
let context: AudioContext | null = null;

export function click(): void {
  try {
    context ??= new AudioContext();
    if (context.state === 'suspended') void context.resume();
    const t = context.currentTime;
    const osc = context.createOscillator();
    const gain = context.createGain();
    osc.type = 'triangle';
    osc.frequency.setValueAtTime(520, t);
    osc.frequency.exponentialRampToValueAtTime(180, t + 0.07);
    gain.gain.setValueAtTime(0.0001, t);
    gain.gain.exponentialRampToValueAtTime(0.18, t + 0.005);
    gain.gain.exponentialRampToValueAtTime(0.0001, t + 0.09);
    osc.connect(gain).connect(context.destination);
    osc.start(t);
    osc.stop(t + 0.1);
  } catch {
    // No audio here: silence is fine.
  }
}
