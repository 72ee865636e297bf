/**
 * A gentle chime made with the Web Audio API (no audio files): two soft sine tones, a fifth
 * apart, that swell in quickly and fade out slowly.
 */
let context: AudioContext | null = null;

function audioContext(): AudioContext | null {
  if (typeof window === 'undefined' || typeof window.AudioContext !== 'function') return null;
  context ??= new window.AudioContext();
  return context;
}

/**
 * Browsers only let sound play after a user gesture: call this from the Start click so the
 * chime can sound minutes later when the timer ends.
 */
export function prepareChime(): void {
  try {
    void audioContext()?.resume();
  } catch {
    // No sound is fine; the toast still says the time is up.
  }
}

export function playChime(): void {
  try {
    const audio = audioContext();
    if (!audio) return;
    void audio.resume();
    const startAt = audio.currentTime + 0.05;
    for (const [frequency, peak] of [
      [523.25, 0.16],
      [783.99, 0.08],
    ] as const) {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, startAt);
      gain.gain.exponentialRampToValueAtTime(peak, startAt + 0.04);
      gain.gain.exponentialRampToValueAtTime(0.0001, startAt + 3);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(startAt);
      oscillator.stop(startAt + 3.1);
    }
  } catch {
    // As above: sound is a nicety.
  }
}
