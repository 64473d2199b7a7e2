#!/usr/bin/env python3
"""Drives kinetic.js's examples page (web/examples.html) in a real headless Chromium, as a person
would: with the mouse and with emulated touch, on the page's own elements.

Run by the Swift test `WebExamplesEndToEndTests` (Tests/KineticPlaygroundTests), which starts the
server and checks what this prints: one JSON object of observations read back from the page
(element boxes, the document's order, the live region's text, errors thrown). This script only
drives and observes; the assertions live in the Swift test.

Needs what playground.py needs (chromium, chromium-driver, selenium). Usage: examples.py URL SHOTS
"""

import json
import os
import sys
import time

from selenium import webdriver
from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.pointer_input import PointerInput
from selenium.webdriver.common.keys import Keys

import playground  # the playground's driver: Chromium with the suite's options

# Helpers run before each query: an element's box center in the viewport, a stage by example.
HELPERS = """
const stage = (name) => document.querySelector(`section[data-example="${name}"] .stage`);
const center = (e) => { const r = e.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; };
const texts = (parent) => [...parent.children].map((e) => e.textContent);
"""


class Page(playground.Page):
    """The playground's driver (Chromium, its options, the console) on the examples page, with
    this page's helpers."""

    def __init__(self, url, phone=False):
        super().__init__(url, phone)
        self.wait("document.body.dataset.ready === 'true'")

    def run(self, script):
        return self.driver.execute_script(HELPERS + script)

    def scroll_to(self, name):
        """Brings the example into view (the page scrolls; the stages do not)."""
        self.run("stage(%r).scrollIntoView({block: 'center'}); return 1;" % name)
        time.sleep(0.2)

    def center(self, script):
        return self.run("return center(%s);" % script)

    def gesture(self, start, hold=0.0, moves=(), release=True, steps=12, step_seconds=0.02, kind="touch",
                press=True, end_pause=0.0):
        """A pointer (touch or mouse): down at `start` (viewport px), held `hold` s, along `moves`
        in small steps, held `end_pause` s, then up (unless `release` is false: `lift` or another
        gesture with `press=False` goes on). Small moves: one long move arrives as one event."""
        kind_name = interaction.POINTER_TOUCH if kind == "touch" else interaction.POINTER_MOUSE
        builder = ActionBuilder(self.driver, mouse=PointerInput(kind_name, kind))
        finger = builder.pointer_action
        x, y = start
        if press:
            finger.source.create_pointer_move(duration=0, x=round(x), y=round(y), origin="viewport")
            finger.pointer_down()
        if hold:
            finger.pause(hold)
        here = (x, y)
        for target in moves:  # (x, y), or (x, y, seconds held there)
            for i in range(1, steps + 1):
                px = here[0] + (target[0] - here[0]) * i / steps
                py = here[1] + (target[1] - here[1]) * i / steps
                finger.source.create_pointer_move(duration=round(step_seconds * 1000), x=round(px), y=round(py),
                                                  origin="viewport")
            if len(target) > 2:
                finger.pause(target[2])
            here = target[:2]
        if end_pause:
            finger.pause(end_pause)
        if release:
            finger.pointer_up()
        builder.perform()

    def steady(self, script, seconds=6):
        """Waits until `script`'s value stops changing for 0.5 s; returns it."""
        deadline = time.monotonic() + seconds
        last, since = None, time.monotonic()
        while time.monotonic() < deadline:
            value = self.run("return " + script + ";")
            if value != last:
                last, since = value, time.monotonic()
            elif time.monotonic() - since > 0.5:
                return value
            time.sleep(0.05)
        return last

    def screenshot(self, directory, name, probe=None):
        return super().screenshot(directory, "examples-" + name, probe)

def toss(page, out, kind):
    page.scroll_to("toss")
    card = "stage('toss').querySelector('.card')"
    home = page.center(card)
    out["toss.%s.home" % kind] = home
    page.run("window.__far = 0; window.__watching = true; const c = %s; const h = center(c);"
             " (function watch() { const p = center(c);"
             " window.__far = Math.max(window.__far, Math.hypot(p[0] - h[0], p[1] - h[1]));"
             " if (window.__watching) requestAnimationFrame(watch); })(); return 1;" % card)
    # A quick throw to the right: 300 px in three moves (WebDriver's moves arrive 50-70 ms apart
    # here: some 1500 px/s, past the toss's 1000 px/s threshold).
    page.gesture(home, moves=[(home[0] + 300, home[1] + 20)], steps=3, step_seconds=0.015, kind=kind)
    time.sleep(0.3)
    out["toss.%s.flew" % kind] = page.run("return window.__far;")
    out["toss.%s.back" % kind] = page.steady("center(%s)" % card, seconds=8)
    page.run("window.__watching = false; return 1;")


def springy(page, out, shots):
    page.scroll_to("springy")
    tiles = "[...stage('springy').querySelectorAll('.tile')]"
    for index in (0, 1, 7):
        page.gesture(page.center("%s[%d]" % (tiles, index)))
        time.sleep(0.35)
    out["springy.selected"] = page.run("return stage('springy').querySelectorAll('.kinetic-selected').length;")
    out["springy.selectedText"] = page.run("return [...stage('springy').querySelectorAll('.kinetic-selected')]"
                                           ".map(e => e.textContent);")
    homes = page.run("return %s.slice(0, 9).map(center);" % tiles)
    start = homes[1]
    page.gesture(start, hold=0.8, moves=[(start[0] + 90, start[1] + 70)], release=False, end_pause=1.0)
    out["springy.held"] = page.run("return %s.slice(0, 9).map(center);" % tiles)
    page.screenshot(shots, "springy-held")
    page.lift()
    out["springy.homes"] = homes
    out["springy.back"] = page.steady("%s.slice(0, 9).map(center)" % tiles, seconds=8)


def grid(page, out, shots):
    """Tile 2 to the far end of the grid through the bottom edge's auto-scroll, by touch, in one
    gesture: held at the edge until the grid has scrolled to its end, then onto the last slot,
    where the flow layout's arithmetic puts it (56 px tiles, 8 px apart and around)."""
    page.scroll_to("grid")
    content = "stage('grid').querySelector('.kinetic-content')"
    out["grid.before"] = page.run("return texts(%s).slice(0, 4);" % content)
    box = page.run("const s = stage('grid'), r = s.getBoundingClientRect();"
                   " return [r.left + s.clientLeft, r.top + s.clientTop, s.clientWidth, s.clientHeight];")
    columns = int((box[2] - 16 + 8) // 64)
    rows = -(-1000 // columns)
    content_height = 8 + rows * 64 - 8 + 8
    last_row, last_column = divmod(999, columns)
    end_offset = content_height - box[3]
    last = (box[0] + 8 + last_column * 64 + 28, box[1] + 8 + last_row * 64 + 28 - end_offset)
    out["grid.expectedOffset"] = end_offset
    start = page.center("%s.children[1]" % content)
    edge = (box[0] + box[2] / 2, box[1] + box[3] - 4)
    page.run("window.__frames = []; window.__timing = true; (function t(now) { window.__frames.push(now);"
             " if (window.__timing) requestAnimationFrame(t); })(performance.now()); return 1;")
    # 10 376 px at the edge's 1500 px/s (after its half-second ramp): 12 s is plenty.
    page.gesture(start, hold=0.8, moves=[edge + (12,), last], steps=10, end_pause=0.4, release=True)
    _ = shots
    out["grid.scrolledTo"] = page.run("return %s.style.transform;" % content)
    page.steady("texts(%s).join()" % content, seconds=6)
    out["grid.after"] = page.run("return texts(%s);" % content)
    out["grid.event"] = page.run("return stage('grid').dataset.first || '';")
    page.screenshot(shots, "grid-after")


def keyboard(page, out):
    """Tab into the grid, lift the focused tile with space, move it right twice, drop it."""
    page.scroll_to("grid")
    content = "stage('grid').querySelector('.kinetic-content')"
    page.run("%s; return 1;" % "document.activeElement.blur()")
    # The grid back at its top (a wheel turned up far), so the focus goes to its first element.
    page.run("stage('grid').dispatchEvent(new WheelEvent('wheel', {deltaY: -1e6, cancelable: true})); return 1;")
    page.steady("%s.style.transform" % content)
    page.run("stage('grid').focus({focusVisible: true}); return 1;")
    # A real Tab would do the same: focus by keyboard shows the ring and gives the focus.
    body = page.driver.find_element("css selector", "body")
    before = page.run("return texts(%s).slice(0, 6);" % content)
    spoken = []
    actions = webdriver.ActionChains(page.driver)
    for key in (Keys.SPACE, Keys.ARROW_RIGHT, Keys.ARROW_RIGHT, Keys.SPACE):
        actions.send_keys(key).perform()
        time.sleep(0.25)
        spoken.append(page.run("return document.querySelector('.kinetic-announcer').textContent;"))
    out["keyboard.before"] = before
    out["keyboard.spoken"] = spoken
    out["keyboard.after"] = page.steady("texts(%s).slice(0, 6)" % content)
    out["keyboard.focused"] = page.run("return document.activeElement === stage('grid');")
    _ = body


def board(page, out, shots, kind):
    page.scroll_to("board")
    columns = "[...stage('board').querySelectorAll('.column')]"
    cards = lambda c: "%s[%d].querySelector('.kinetic-content')" % (columns, c)
    out["board.%s.before" % kind] = page.run("return %s.map(c => texts(c.querySelector('.kinetic-content')));"
                                             % columns)
    start = page.center("%s.children[0]" % cards(0))
    target_column = page.run("const r = %s[2].getBoundingClientRect(); return [r.left + r.width / 2, r.bottom - 20];"
                             % columns)
    page.gesture(start, hold=0.8, moves=[tuple(target_column)], steps=16, end_pause=0.3, kind=kind)
    # The dropped element rides the drag layer until it lands in its column.
    page.wait("document.querySelector('.kinetic-drag-layer').children.length === 0", seconds=6)
    out["board.%s.after" % kind] = page.steady(
        "%s.map(c => texts(c.querySelector('.kinetic-content')))" % columns, seconds=6)
    out["board.%s.layer" % kind] = page.run("return document.querySelector('.kinetic-drag-layer').children.length;")
    page.screenshot(shots, "board-%s" % kind)


def strip(page, out, kind):
    page.scroll_to("strip")
    content = "stage('strip').querySelector('.strip')"
    box = page.run("const r = stage('strip').getBoundingClientRect(); return [r.left, r.top, r.width, r.height];")
    y = box[1] + box[3] / 2
    # A flick left, then another: two pages on.
    for _ in range(2):
        page.gesture((box[0] + box[2] * 0.8, y), moves=[(box[0] + box[2] * 0.5, y)], steps=5, step_seconds=0.016,
                     kind=kind)
        time.sleep(0.2)
    out["strip.%s.width" % kind] = page.run("return stage('strip').clientWidth;")
    out["strip.%s.offset" % kind] = page.steady("kineticExamples.strip.contentOffset.x", seconds=6)


def rubber_band(page, out):
    page.scroll_to("strip")
    box = page.run("const r = stage('strip').getBoundingClientRect(); return [r.left, r.top, r.width, r.height];")
    y = box[1] + box[3] / 2
    # Back to the first page, then pulled 150 px past it.
    for _ in range(3):
        page.gesture((box[0] + box[2] * 0.2, y), moves=[(box[0] + box[2] * 0.6, y)], steps=5, step_seconds=0.016)
        time.sleep(0.2)
    page.steady("kineticExamples.strip.contentOffset.x", seconds=6)
    page.gesture((box[0] + 20, y), moves=[(box[0] + 170, y)], steps=20, release=False, end_pause=0.3)
    out["strip.pulled"] = page.run("return kineticExamples.strip.contentOffset.x;")
    page.lift()
    out["strip.released"] = page.steady("kineticExamples.strip.contentOffset.x", seconds=6)


def bad_input(page, out):
    """Each public call with bad arguments throws a TypeError or RangeError naming the argument;
    disturbances mid-drag keep every element, in data order."""
    out["bad.errors"] = page.run("""
        const k = window.kineticModule;
        const attempts = {
          nanSpacing: () => new k.ReorderInteraction(document.createElement('div'), {itemSize: {width: 10, height: 10}, spacing: NaN}),
          hugeSpacing: () => new k.ReorderInteraction(document.createElement('div'), {itemSize: {width: 10, height: 10}, spacing: 1.8e308}),
          hugeFiniteSpacing: () => new k.ReorderInteraction(document.createElement('div'), {itemSize: {width: 10, height: 10}, spacing: 1e30}),
          hugeFiniteItem: () => new k.ReorderInteraction(document.createElement('div'), {itemSize: {width: 1e30, height: 10}}),
          infiniteSize: () => new k.MultiSelectDragInteraction(document.createElement('div'), {itemSize: {width: Infinity, height: 10}}),
          negativeSize: () => new k.MultiSelectDragInteraction(document.createElement('div'), {itemSize: {width: -5, height: 10}}),
          notElement: () => new k.TossInteraction({}, document.body),
          noItems: () => new k.ReorderInteraction(document.createElement('div')),
          badDirection: () => new k.ReorderInteraction(document.createElement('div'), {itemSize: {width: 10, height: 10}, scrollDirection: 'diagonal'}),
          columnOutside: () => new k.DragAndDropInteraction(document.createElement('div'), [document.createElement('div')]),
          noColumns: () => new k.DragAndDropInteraction(document.createElement('div'), []),
          pagingNotBoolean: () => new k.ScrollView(stage('strip'), {pagingEnabled: 'yes'}),
          destroyed: () => { const d = document.createElement('div'); d.append(document.createElement('div'));
                             document.body.append(d); const s = new k.ScrollView(d); s.destroy(); d.remove(); return s.contentOffset; },
        };
        const seen = {};
        for (const [name, attempt] of Object.entries(attempts)) {
          try { attempt(); seen[name] = 'no error'; } catch (e) { seen[name] = e.constructor.name + ': ' + e.message; }
        }
        return seen;""")
    # A list with a hidden element and a zero-sized one, reordered while its container is
    # resized, with a pointer the browser cancels and a second pointer on the lifted element.
    page.run("""
        const box = document.createElement('div');
        box.id = 'disturbed';
        box.style.cssText = 'width: 300px; height: 200px; position: relative; margin: 8px';
        for (let i = 0; i < 30; i++) {
          const e = document.createElement('div'); e.textContent = String(i);
          e.style.cssText = 'width: 50px; height: 50px; background: #ccc';
          if (i === 3) e.style.display = 'none';
          if (i === 4) e.style.cssText = 'width: 0; height: 0';
          box.append(e);
        }
        document.body.prepend(box);
        window.__disturbed = new window.kineticModule.ReorderInteraction(box, {itemSize: {width: 50, height: 50}});
        box.scrollIntoView({block: 'start'});
        return 1;""")
    time.sleep(0.3)
    content = "document.querySelector('#disturbed .kinetic-content')"
    first = page.center("[...%s.children].find(e => e.textContent === '0')" % content)
    page.gesture(first, hold=0.8, moves=[(first[0] + 120, first[1] + 60)], release=False)
    page.run("document.querySelector('#disturbed').style.width = '160px'; return 1;")
    time.sleep(0.3)
    page.gesture((first[0] + 120, first[1] + 60), press=False, moves=[(first[0] + 60, first[1] + 110)], release=False)
    page.run("document.querySelector('#disturbed').style.width = '300px'; return 1;")
    time.sleep(0.2)
    page.lift()
    out["bad.resized"] = page.steady("texts(%s)" % content)
    # pointercancel mid-drag: the browser took the pointer; the drag ends where it started.
    before = page.run("return texts(%s);" % content)
    second = page.center("[...%s.children].find(e => e.textContent === '5')" % content)
    page.run("""window.__pointers = [];
        document.querySelector('#disturbed').addEventListener('pointerdown', (e) => window.__pointers.push(e.pointerId));
        return 1;""")
    page.gesture(second, hold=0.8, moves=[(second[0] + 100, second[1] + 50)], release=False)
    page.run("""const box = document.querySelector('#disturbed');
        for (const id of window.__pointers) box.dispatchEvent(new PointerEvent('pointercancel', {pointerId: id, bubbles: true}));
        return 1;""")
    page.lift()
    out["bad.cancelBefore"] = before
    out["bad.cancelled"] = page.steady("texts(%s)" % content)
    # A second pointer on the lifted element while the first drags it.
    third = page.center("[...%s.children].find(e => e.textContent === '10')" % content)
    builder = ActionBuilder(page.driver, mouse=PointerInput(interaction.POINTER_TOUCH, "one"))
    one = builder.pointer_action.source
    two = builder.add_pointer_input(interaction.POINTER_TOUCH, "two")
    one.create_pointer_move(duration=0, x=round(third[0]), y=round(third[1]), origin="viewport")
    two.create_pause(0)
    one.create_pointer_down(button=0)
    two.create_pause(0)
    one.create_pause(0.8)
    two.create_pause(0.8)
    one.create_pause(0)
    two.create_pointer_move(duration=0, x=round(third[0]), y=round(third[1]), origin="viewport")
    one.create_pause(0)
    two.create_pointer_down(button=0)
    for i in range(1, 11):
        one.create_pointer_move(duration=20, x=round(third[0] + 8 * i), y=round(third[1] + 5 * i), origin="viewport")
        two.create_pointer_move(duration=20, x=round(third[0] - 4 * i), y=round(third[1] + 6 * i), origin="viewport")
    one.create_pointer_up(0)
    two.create_pointer_up(0)
    builder.perform()
    out["bad.twoPointers"] = page.steady("texts(%s)" % content)
    out["bad.order"] = page.run("return window.__disturbed.orderedElements.map(e => e.textContent);")
    page.run("window.__disturbed.destroy(); document.querySelector('#disturbed').remove(); return 1;")


def main():
    url, shots = sys.argv[1], sys.argv[2]
    os.makedirs(shots, exist_ok=True)
    out = {}
    page = None
    try:
        page = Page(url)
        page.run("return import('./kinetic.js').then(m => { window.kineticModule = m; });")
        page.wait("window.kineticModule")
        out["loaded"] = page.run("return Object.keys(window.kineticExamples);")
        for step in (lambda: toss(page, out, "touch"), lambda: toss(page, out, "mouse"),
                     lambda: springy(page, out, shots), lambda: grid(page, out, shots), lambda: keyboard(page, out),
                     lambda: board(page, out, shots, "mouse"), lambda: board(page, out, shots, "touch"),
                     lambda: strip(page, out, "touch"), lambda: rubber_band(page, out), lambda: bad_input(page, out)):
            step()
            out["steps"] = out.get("steps", 0) + 1
        out["console"] = page.console_problems()
    except Exception as error:
        out["error"] = "%s: %s" % (type(error).__name__, error)
        try:
            if page is not None:
                page.screenshot(shots, "failure")
                out["console"] = page.console_problems()
        except Exception:
            pass
    finally:
        if page is not None:
            page.quit()
    print(json.dumps(out))


if __name__ == "__main__":
    main()
