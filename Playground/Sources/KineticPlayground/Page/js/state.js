// The page's state, shared by its parts; also window.kinetic, which the end-to-end test reads.
// `drawables` is exactly what the server sent (the test compares it with the engine's numbers);
// drawing.js keeps its own smoothed copy.
export const VIEW = { width: 375, height: 667 };

export const state = {
  drawables: new Map(), overlay: null, scene: null, scenes: [], about: null, parameters: [],
  time: 0, frames: 0, engine: 0, fps: 0, receivedFps: 0, scale: 1, pixel: 1,
  // How long each drawn frame took to draw, in ms (the HUD's figure is the last).
  drawMs: 0, drawTimes: [],
  debug: false, recording: false, showTouches: false, slow: false, connected: false,
  lastTrace: null, replay: null,
  // Keyboard control (the scene takes keys when tabbed into), its announcements (the latest is
  // shown in the live region), and the haptics received and turned into vibrations.
  keyboard: false, announcement: "", announcements: [], feedback: 0, vibrations: 0,
  // Touch-to-frame latency samples in ms: until the frame answering a touch arrived, and until
  // the first animation frame that drew it.
  latency: { received: [], drawn: [] },
};
window.kinetic = state;
