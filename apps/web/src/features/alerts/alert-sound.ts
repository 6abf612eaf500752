// The banner's sound (issue 16): three short tones from the Web Audio API, no file to load. A
// browser that blocks audio before the first click stays silent; the banner itself still shows.

let context: AudioContext | null = null;

export function playAlertSound(urgent: boolean): void {
  try {
    context ??= new AudioContext();
    const ctx = context;
    const start = ctx.currentTime;
    for (let i = 0; i < 3; i++) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.frequency.value = urgent ? 880 : 660;
      gain.gain.setValueAtTime(0.0001, start + i * 0.35);
      gain.gain.exponentialRampToValueAtTime(0.3, start + i * 0.35 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + i * 0.35 + 0.25);
      osc.connect(gain).connect(ctx.destination);
      osc.start(start + i * 0.35);
      osc.stop(start + i * 0.35 + 0.3);
    }
  } catch {
    // No audio in this browser: the banner is the alert.
  }
}
