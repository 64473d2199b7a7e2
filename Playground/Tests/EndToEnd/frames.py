#!/usr/bin/env python3
"""The 1000-tile grid's frames in headless Chromium while a tile is dragged and the grid
auto-scrolls (Scripts/bench-web-frames runs it; a benchmark, nothing asserted).

Usage: frames.py URL SECONDS_HELD RUNS. For each run: the intervals between animation frames
(requestAnimationFrame's time stamps) while the finger is down, the milliseconds kinetic.js spent
in the grid's frame (advancing the module and writing the elements), and the frame in which the
lifted tile first showed, counted from the first frame after the long press's 0.5 s.
"""

import statistics
import sys
import time

from examples import Page  # the examples' driver: Chromium, touch gestures

WATCH = """
const grid = window.kineticExamples.grid, tile = stage('grid').querySelector('.kinetic-content').children[%d];
const run = {intervals: [], work: [], frames: [], gridFrames: [], lifted: null, down: null};
window.__run = run;
const frame = grid.frame.bind(grid);
grid.frame = (now) => {
  const t = performance.now();
  const moving = frame(now);
  run.work.push(performance.now() - t);
  run.gridFrames.push(now);
  // Written in this frame's callback, so painted with this frame.
  if (run.lifted === null && tile.classList.contains('kinetic-lifted')) run.lifted = now;
  return moving;
};
stage('grid').addEventListener('pointerdown', (e) => { run.down = e.timeStamp; run.delivered = performance.now() - e.timeStamp; run.lastFrame = run.gridFrames[run.gridFrames.length - 1] - e.timeStamp; }, {once: true});
let last = null;
(function tick(now) {
  if (last !== null) run.intervals.push(now - last);
  last = now;
  run.frames.push(now);
  if (!run.done) requestAnimationFrame(tick);
})(performance.now());
return 1;
"""


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))] if ordered else float("nan")


def main():
    url, held, runs = sys.argv[1], float(sys.argv[2]), int(sys.argv[3])
    page = Page(url)
    try:
        for run in range(runs):
            page.driver.refresh()
            page.wait("document.body.dataset.ready === 'true'")
            page.scroll_to("grid")
            index = 1 + run
            page.run(WATCH % index)
            content = "stage('grid').querySelector('.kinetic-content')"
            box = page.run("const s = stage('grid'), r = s.getBoundingClientRect();"
                           " return [r.left + s.clientLeft, r.top + s.clientTop, s.clientWidth, s.clientHeight];")
            start = page.center("%s.children[%d]" % (content, index))
            edge = (box[0] + box[2] / 2, box[1] + box[3] - 4)
            page.gesture(start, hold=0.8, moves=[edge + (held,)], steps=10)
            time.sleep(0.5)
            seen = page.run("window.__run.done = true; return window.__run;")
            down, lifted = seen["down"], seen["lifted"]
            intervals = seen["intervals"]
            # Frames while the finger was down (from the press to the end of the hold).
            frames = [t for t in seen["frames"] if down is not None and down <= t <= down + 800 + 200 + held * 1000]
            during = [b - a for a, b in zip(frames, frames[1:])]
            due = [t for t in seen["gridFrames"] if down is not None and t >= down + 500]
            lift_frame = due.index(lifted) if lifted in due else None
            work = seen["work"]
            late = seen.get("delivered")
            print("run %d: %d frames in %.1f s held; intervals median %.2f ms, p95 %.2f, p99 %.2f, max %.2f; "
                  "%.1f %% over 20 ms (%.1f frames a second); kinetic.js's frame median %.2f ms, p95 %.2f, max %.2f; "
                  "the pointerdown handled %.1f ms after its time stamp; "
                  "the lift painted in frame %s counted from the first at or after the long press's deadline" % (
                      run + 1, len(during) + 1, held, statistics.median(during), percentile(during, 95),
                      percentile(during, 99), max(during), 100 * sum(d > 20 for d in during) / len(during),
                      1000 * len(during) / (frames[-1] - frames[0]), statistics.median(work), percentile(work, 95),
                      max(work), late if late is not None else float("nan"), "?" if lift_frame is None else lift_frame))
            _ = intervals
    finally:
        page.quit()


if __name__ == "__main__":
    main()
