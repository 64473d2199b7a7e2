// The page's state, shared by its parts; also window.kinetic, which the end-to-end test reads.
// `drawables` is exactly what the server sent (the test compares it with the engine's numbers);
// drawing.js keeps its own smoothed copy.
//
// The page's modules import one way, and this one, at the bottom, imports nothing: input
// (input.js, controls.js) imports the scene connection (scene.js; its transports, in transport/,
// import none of these), which imports drawing (drawing.js, hud.js), which imports this; main.js
// wires them together. PageModuleGraphTests checks it.
export const VIEW = { width: 375, height: 667 };

export const state = {
  drawables: new Map(), overlay: null, scene: null, scenes: [], about: null, parameters: [],
  time: 0, frames: 0, engine: 0, fps: 0, receivedFps: 0, scale: 1, pixel: 1,
  // How long each drawn frame took to draw, in ms (the HUD's figure is the last).
  drawMs: 0, drawTimes: [],
  debug: false, recording: false, showTouches: false, slow: false, connected: false,
  // Where the scene runs ("module": in this page; "server": over the WebSocket; null: nowhere),
  // how long the module took to fetch and compile (ms), and when the first frame of the scene
  // was drawn (ms since the page's navigation began).
  transport: null, moduleLoadMs: null, firstFrameMs: null,
  // The scene's step cost per frame received (µs, what frames say), by scene: in the page when
  // the module runs it, on the server otherwise. `module`: the module's transport, when it runs.
  stepMicroseconds: {}, module: null,
  lastTrace: null, replay: null,
  // Keyboard control (the scene takes keys when tabbed into), its announcements (the latest is
  // shown in the live region), and the haptics received and turned into vibrations.
  keyboard: false, announcement: "", announcements: [], feedback: 0, vibrations: 0,
  // Animation frames so far (drawn or not): the clock the latency's order is told by.
  animationFrames: 0,
  // Touch-to-frame latency samples in ms: until the frame answering a touch arrived, and until
  // the first animation frame that drew it. What they are samples of, for the end-to-end test
  // (each list stops at 10 000 entries): `sent`, the time stamp of every touch sent; `answers`,
  // [the touch time stamp a frame echoed, the animation frames before it arrived, the frame's
  // scene time] per frame that answered a touch; `draws`, [the touch time stamp, the animation
  // frame] per draw of an answer.
  latency: { received: [], drawn: [], sent: [], answers: [], draws: [] },
};
window.kinetic = state;

/// The fingers down, in view points, by pointer id: input.js keeps them, drawing.js draws them
/// (the touch indicators).
export const touchPoints = new Map();
