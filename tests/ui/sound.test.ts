// The table's sounds: one short, quiet, distinct recipe per cue, and silence
// (no error) where there is no audio or no gesture has unlocked it yet.
import { describe, expect, it } from 'vitest';
import { CUES, playCue, SOUNDS, soundLength } from '$lib/ui/sound';

describe('sounds', () => {
  it('every cue has its own short, quiet sound', () => {
    const recipes = CUES.map((c) => JSON.stringify(SOUNDS[c]));
    expect(new Set(recipes).size).toBe(CUES.length);
    for (const cue of CUES) {
      expect(SOUNDS[cue].length).toBeGreaterThan(0);
      expect(soundLength(cue)).toBeLessThanOrEqual(0.6);
      for (const v of SOUNDS[cue]) {
        expect(v.gain).toBeGreaterThan(0);
        expect(v.gain).toBeLessThanOrEqual(0.2);
        expect(v.from).toBeGreaterThan(0);
        expect(v.to).toBeGreaterThan(0);
      }
    }
  });

  it('is silent, without an error, before any gesture and without WebAudio', () => {
    for (const cue of CUES) expect(() => playCue(cue)).not.toThrow();
  });
});
