// The playground page: wires the controls and input, connects to the scene through a transport,
// and draws at the display's rate.
import { state } from "./state.js";
import { draw, invalidate, layoutCanvas } from "./drawing.js";
import { countFrame } from "./hud.js";
import { attach, notify, tick } from "./scene.js";
import { installInput } from "./input.js";
import { installControls, updateTimeline } from "./controls.js";
import { socketTransport } from "./transport/socket.js";
import { moduleTransport } from "./transport/module.js";

/// Where the scene runs: in the page, in the WebAssembly module beside it (kinetic.wasm), unless
/// the address asks for `?server`: then on the server (`kinetic serve`), over the WebSocket. A
/// module that cannot load (a browser without WebAssembly SIMD, a missing file) is reported with
/// what to do, and nothing runs.
async function chooseTransport() {
  if (new URLSearchParams(location.search).has("server")) {
    state.transport = "server";
    return socketTransport();
  }
  state.transport = "module";
  const started = performance.now();
  try {
    const transport = await moduleTransport(new URL("kinetic.wasm", document.baseURI));
    state.moduleLoadMs = performance.now() - started;
    state.module = transport;
    return transport;
  } catch (error) {
    state.transport = null;
    document.getElementById("hud").textContent = "not running";
    notify("The scenes could not start: " + error.message + ".");
    return null;
  }
}

installInput(installControls());
window.addEventListener("resize", () => { layoutCanvas(); invalidate(); });
layoutCanvas();

function animate(now) {
  // The transport first (a scene in the page steps here): what it delivers counts as arrived
  // after the last animation frame, as a frame from the server between two would.
  tick(now);
  state.animationFrames += 1;
  const start = performance.now();
  const drew = draw(now);
  if (drew) {
    state.drawMs = performance.now() - start;
    if (state.firstFrameMs == null && state.drawables.size > 0) state.firstFrameMs = now;
    if (state.drawTimes.length < 10000) state.drawTimes.push(state.drawMs);
  }
  countFrame(now, drew);
  updateTimeline();
  requestAnimationFrame(animate);
}
requestAnimationFrame(animate);
chooseTransport().then((transport) => { if (transport) attach(transport); });
