// The WebSocket: messages in (hello, frames, traces, notices), messages out.
import { state } from "./state.js";
import { frameArrived } from "./drawing.js";
import { countReceived } from "./hud.js";
import { keyboardChanged, sentAt } from "./input.js";
import { sceneChanged, showNotice, traceReceived } from "./controls.js";

let socket;

export function connect() {
  socket = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws");
  socket.onopen = () => { state.connected = true; };
  socket.onclose = (event) => {
    state.connected = false;
    showNotice("disconnected: " + (event.reason || "code " + event.code) + " — reload to reconnect");
  };
  socket.onmessage = (event) => receive(JSON.parse(event.data));
}

export function send(message) {
  if (socket && socket.readyState === 1) socket.send(JSON.stringify(message));
}

function receive(message) {
  switch (message.type) {
  case "hello":
    state.scene = message.scene;
    state.scenes = message.scenes;
    state.about = message.about;
    state.parameters = message.parameters || [];
    state.drawables.clear();
    state.overlay = null;
    state.keyboard = !!(message.about && message.about.keyboard);
    sceneChanged();
    keyboardChanged();
    break;
  case "frame": {
    const now = performance.now();
    for (const id of message.removed) state.drawables.delete(id);
    for (const d of message.changed) state.drawables.set(d.id, d);
    if (message.overlay) state.overlay = message.overlay;
    state.frames += 1;
    state.time = message.time;
    state.engine = message.engineMicroseconds;
    countReceived(now);
    if (message.touchTime != null && sentAt.has(message.touchTime)) {
      const sent = sentAt.get(message.touchTime);
      state.latency.received.push(now - sent);
      const answer = [message.touchTime, state.animationFrames, message.time];
      if (state.latency.answers.length < 10000) state.latency.answers.push(answer);
      frameArrived(message, now, { sent, touch: message.touchTime });
      for (const t of sentAt.keys()) if (t <= message.touchTime) sentAt.delete(t);
    } else {
      frameArrived(message, now, null);
    }
    break;
  }
  case "trace":
    traceReceived(message.trace);
    break;
  case "notice":
    showNotice(message.message);
    break;
  case "announcement":
    state.announcement = message.text;
    state.announcements.push(message.text);
    document.getElementById("announcement").textContent = message.text;
    break;
  case "feedback":
    // UIKit's haptics as a short vibration, on phones that can (a coarse pointer: a finger).
    state.feedback += 1;
    if ("vibrate" in navigator && matchMedia("(pointer: coarse)").matches) {
      navigator.vibrate(10);
      state.vibrations += 1;
    }
    break;
  }
}
