// The socket transport: the scene runs on the server (`kinetic serve`), and its messages travel
// as JSON over a WebSocket at /ws on the page's host (wss: under https). A transport is
// { start(receive, closed), send(message), tick(now) } (see scene.js); it imports nothing.

export function socketTransport(url = defaultURL()) {
  let socket = null;
  return {
    /// Opens the socket: each message received goes to `receive` as an object; when the socket
    /// closes, `closed` gets why (the server's reason, or the close code).
    start(receive, closed) {
      socket = new WebSocket(url);
      socket.onmessage = (event) => receive(JSON.parse(event.data));
      socket.onclose = (event) => closed(event.reason || "code " + event.code);
    },
    /// Sends a message object; one sent before the socket is open, or after it closed, is dropped.
    send(message) {
      if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message, exactSeed));
    },
    /// The server keeps the scene's time: nothing to do per animation frame.
    tick() {},
  };
}

function defaultURL() {
  return (location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws";
}

/// A BigInt (a trace's seed past 2^53, see parseTrace) goes out as its digits.
function exactSeed(key, value) {
  if (typeof value !== "bigint") return value;
  return typeof JSON.rawJSON === "function" ? JSON.rawJSON(value.toString()) : Number(value);
}
