// The playground page: wires the controls and input, connects to the scene through a transport,
// and draws at the display's rate.
import { state } from "./state.js";
import { draw, invalidate, layoutCanvas } from "./drawing.js";
import { countFrame } from "./hud.js";
import { attach, tick } from "./scene.js";
import { installInput } from "./input.js";
import { installControls, updateTimeline } from "./controls.js";
import { socketTransport } from "./transport/socket.js";

/// Where the scene runs. With `?server` in the address, on the server, over the WebSocket;
/// otherwise in the page, in the WebAssembly module (transport/module.js, to come: until then,
/// the server too).
function chooseTransport() {
  if (new URLSearchParams(location.search).has("server")) return socketTransport();
  return socketTransport();
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
    if (state.drawTimes.length < 10000) state.drawTimes.push(state.drawMs);
  }
  countFrame(now, drew);
  updateTimeline();
  requestAnimationFrame(animate);
}
requestAnimationFrame(animate);
attach(chooseTransport());
