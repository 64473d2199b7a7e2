// The playground page: connects, wires the controls and input, and draws at the display's rate.
import { state } from "./state.js";
import { connect } from "./connection.js";
import { draw, invalidate, layoutCanvas } from "./drawing.js";
import { installInput } from "./input.js";
import { installControls, updateTimeline } from "./controls.js";
import { countFrame } from "./hud.js";

installInput(installControls());
window.addEventListener("resize", () => { layoutCanvas(); invalidate(); });
layoutCanvas();

function animate(now) {
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
connect();
