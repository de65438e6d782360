"""The five apps used in Chromium as a person uses them: real mouse, touch and keyboard input,
elements found by their role and accessible name. Each test fails if the binding between the
page and the server's view-model breaks (Docs/Web.md, "What is tested")."""

import json
import os
import re
import time
import urllib.request

import pytest
import websocket
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.pointer_input import PointerInput
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import REPOSITORY, a11y, make_driver


def wait(driver, condition, timeout=20, message=""):
    """Polls `condition`; an element replaced by a render meanwhile (stale) just means: look again."""
    return WebDriverWait(driver, timeout, poll_frequency=0.05, ignored_exceptions=(StaleElementReferenceException,)).until(
        lambda d: condition(d), message
    )


def by_role(driver, role, name, exact=False, scope="button, a, [aria-label], [role], h1, h2, h3", named_actions=False):
    """The elements whose computed role is `role` and whose accessible name is (or contains) `name`.
    A named action (VoiceOver's Actions rotor, a button shown only while focused) counts only
    with `named_actions`."""
    found = []
    for element in driver.find_elements(By.CSS_SELECTOR, scope):
        try:
            if not named_actions and "a11y-action" in (element.get_attribute("class") or "").split():
                continue
            if role is not None and element.aria_role != role:
                continue
            accessible = element.accessible_name or ""
        except StaleElementReferenceException:
            continue
        if (accessible == name) if exact else (name in accessible):
            found.append(element)
    return found


def one_by_role(driver, role, name, **options):
    elements = wait(driver, lambda d: by_role(d, role, name, **options), message=f"no {role} named {name!r}")
    return elements[0]


def bar_button(driver, name):
    """The navigation bar's visible button named `name` (a named action of the same name, shown
    only while focused, is not it)."""
    return one_by_role(driver, "button", name, exact=True, scope="header.nav-bar button")


def settled(driver, timeout=20):
    """Every event the page sent has been answered by the server."""
    wait(driver, lambda d: d.execute_script("return window.liveStats && liveStats.connected && liveStats.acked >= liveStats.sent"),
         timeout=timeout, message="the server did not answer every event")


def open_app(driver, server, app):
    driver.get(server.url + "/" + app)
    wait(driver, lambda d: d.execute_script("return !!(window.liveStats && liveStats.connected)"), message="the socket did not open")
    settled(driver)


def text(driver):
    return driver.find_element(By.TAG_NAME, "body").text


def content_box(driver):
    return driver.find_element(By.CSS_SELECTOR, "main.content").rect


def inside(rect, box):
    return rect["y"] >= box["y"] - 1 and rect["y"] + rect["height"] <= box["y"] + box["height"] + 1


# MARK: Index


def test_index_links_the_five_apps_by_name(browser, server):
    browser.get(server.url + "/")
    for name in ("Schedule", "CarFit", "HooSets", "Facts", "Trivia"):
        link = one_by_role(browser, "link", name, exact=True, scope="a")
        assert link.get_attribute("href").endswith("/" + name.lower())
    one_by_role(browser, "link", "HooSets", exact=True, scope="a").click()
    wait(browser, lambda d: "/hoosets/s/" in d.current_url)


def test_pages_carry_a_strict_content_security_policy(server):
    """The page that opens a session and the session's own page: no inline script or style."""
    with urllib.request.urlopen(server.url + "/facts") as response:
        policies = [response.headers["Content-Security-Policy"]]
        start = response.read().decode()
    assert "<script src=\"/assets/start.js\"" in start and " style=" not in start and "<style" not in start
    request = urllib.request.Request(
        server.url + "/facts/s", data=json.dumps({"languages": ["en-US"], "timeZone": "UTC"}).encode(), method="POST",
        headers={"Content-Type": "application/json", "Origin": server.url})
    with urllib.request.urlopen(request) as response:
        location = json.loads(response.read().decode())["location"]
    with urllib.request.urlopen(server.url + location) as response:
        policies.append(response.headers["Content-Security-Policy"])
        page = response.read().decode()
    for policy in policies:
        assert "script-src 'self'" in policy and "style-src 'self'" in policy and "connect-src 'self'" in policy
        assert "unsafe-inline" not in policy
    assert "<script src=\"/assets/live.js\"" in page and " style=" not in page and "<style" not in page


# MARK: HooSets


def hoo_cells(driver):
    return driver.find_elements(By.CSS_SELECTOR, "button.hoo-cell")


def hoo_cell(driver, title):
    """The Hoo button named `Rubies, Red Set, 1 of 14`."""
    return one_by_role(driver, "button", title + ",", scope="button.hoo-cell")


def title_of(cell):
    return cell.accessible_name.split(",")[0]


def selected_title(driver):
    titles = driver.find_elements(By.CSS_SELECTOR, ".hoo-title")
    return titles[0].text if titles else None


def test_clicking_the_hoo_rubies_shows_its_disc_and_poem_line(browser, server):
    open_app(browser, server, "hoosets")
    rubies = hoo_cell(browser, "Rubies")
    ActionChains(browser).move_to_element(rubies).click().perform()
    wait(browser, lambda d: "They brought me rubies from the mine" in text(d), message="the poem line did not appear")
    assert selected_title(browser) == "Rubies"
    assert browser.find_elements(By.CSS_SELECTOR, ".hoo-disc"), "no selection disc"
    assert hoo_cell(browser, "Rubies").get_attribute("aria-pressed") == "true"
    # The same click again dismisses it (the view-model's rule, not the page's).
    ActionChains(browser).move_to_element(hoo_cell(browser, "Rubies")).click().perform()
    wait(browser, lambda d: selected_title(d) is None, message="a second tap did not dismiss the disc")


def scroll_top(driver):
    return driver.execute_script("return document.querySelector('main.content').scrollTop")


def sent(driver):
    return driver.execute_script("return liveStats.sent")


def touch_screen(driver):
    """A touch screen, as DevTools emulates one: touches the page does not stop scroll natively,
    and a fast one flings on after the finger lifts (as on a phone)."""
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})


def finger(driver, kind, x=0, y=0, at=None):
    """One touch event at viewport point (x, y): touchStart, touchMove or touchEnd, stamped `at`
    (seconds since the epoch) or, when `None`, when the browser gets it."""
    event = {"type": kind, "touchPoints": [] if kind == "touchEnd" else [{"x": x, "y": y}]}
    if at is not None:
        event["timestamp"] = at
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", event)


def swipe(driver, x, y, steps, interval, rest=0.0):
    """A finger down at (x, y), moving by each (dx, dy) of `steps` `interval` s apart, lifting
    `rest` s after the last move: by the events' stamps, which the browser's fling speed and the
    page's sample times are. A stamp is never ahead of the clock (the browser drops it), and a
    slow machine delivering late does not make the finger look held."""
    start = time.time()

    def at(offset):
        time.sleep(max(0.0, start + offset - time.time()))
        return start + offset

    finger(driver, "touchStart", x, y, at=start)
    for index, (dx, dy) in enumerate(steps, 1):
        x, y = x + dx, y + dy
        finger(driver, "touchMove", x, y, at=at(interval * index))
    finger(driver, "touchEnd", at=at(interval * len(steps) + rest))


def test_a_horizontal_drag_selects_each_hoo_it_crosses(browser, server):
    """Also once the grid is scrolled: the samples are in content coordinates, whatever the scroll."""
    open_app(browser, server, "hoosets")
    wait(browser, lambda d: len(hoo_cells(d)) > 20)
    browser.execute_script("document.querySelector('main.content').scrollTop = 300")
    settled(browser)
    box = content_box(browser)
    cells = [cell for cell in hoo_cells(browser) if cell.rect["y"] > box["y"] + 100]
    top = min(cell.rect["y"] for cell in cells)
    row = sorted((cell for cell in cells if abs(cell.rect["y"] - top) < 2), key=lambda cell: cell.rect["x"])
    assert len(row) >= 3, "the row has fewer than three Hoos"
    titles = [title_of(cell) for cell in row]
    mouse = PointerInput(interaction.POINTER_MOUSE, "mouse")
    actions = ActionBuilder(browser, mouse=mouse)
    actions.pointer_action.move_to(row[0]).pointer_down()
    actions.perform()
    seen = []
    for cell, title in zip(row, titles):
        step = ActionBuilder(browser, mouse=mouse, duration=60)
        step.pointer_action.move_to(cell)
        step.perform()
        wait(browser, lambda d: selected_title(d) == title, message=f"the scrub did not select {title}")
        seen.append(selected_title(browser))
    release = ActionBuilder(browser, mouse=mouse)
    release.pointer_action.pointer_up()
    release.perform()
    settled(browser)
    assert seen == titles
    assert selected_title(browser) == titles[-1], "the scrub's last selection must stay"
    assert scroll_top(browser) == 300, "a scrub must not scroll"


def test_a_vertical_touch_drag_scrolls_natively_without_a_message_per_frame(browser, server):
    """The browser moves the grid under the finger; the page sends the touch-down, its cancel
    when the browser takes the pan, and where the scroll came to rest: not one message a move.
    The server heard of it: a reload of the session opens at the same place."""
    open_app(browser, server, "hoosets")
    wait(browser, lambda d: len(hoo_cells(d)) > 20)
    touch_screen(browser)
    before, messages = scroll_top(browser), sent(browser)
    moves = 30
    # 10 px every 20 ms, then the finger rests before it lifts (no fling).
    swipe(browser, 195, 700, [(0, -10)] * moves, 0.02, rest=0.3)
    time.sleep(0.3)
    settled(browser)
    after = scroll_top(browser)
    assert after >= before + 250, f"the grid did not follow the finger ({before} → {after})"
    # The touch-down, the moves before the browser takes the pan (a few, on a slow machine), its
    # cancel, where the scroll rests: not one a move (a pointer surface the server scrolled sent 32).
    count = sent(browser) - messages
    assert count <= 10, f"{count} messages for a drag of {moves} moves"
    assert selected_title(browser) is None, "a vertical drag must not select"
    browser.refresh()
    wait(browser, lambda d: d.execute_script("return !!(window.liveStats && liveStats.connected)"), message="the socket did not open")
    wait(browser, lambda d: abs(scroll_top(d) - after) <= 1, message=f"the reload did not reopen at {after} ({scroll_top(browser)})")


def test_a_vertical_mouse_drag_scrolls_the_grid_as_a_finger_would(browser, server):
    """The browser does not pan for a mouse: once the arbiter calls the drag a scroll
    (`data-gesture="scrolling"`), the page follows the mouse itself and sends no more moves."""
    open_app(browser, server, "hoosets")
    wait(browser, lambda d: len(hoo_cells(d)) > 20)
    cell = min(hoo_cells(browser), key=lambda c: abs(c.rect["y"] - 560))
    mouse = PointerInput(interaction.POINTER_MOUSE, "mouse")
    down = ActionBuilder(browser, mouse=mouse, duration=50)
    down.pointer_action.move_to(cell).pointer_down().move_by(0, -40)
    down.perform()
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, '[data-gesture="scrolling"]'), message="the arbiter did not call it a scroll")
    messages = sent(browser)
    drag = ActionBuilder(browser, mouse=mouse, duration=50)
    for _ in range(10):
        drag.pointer_action.move_by(0, -20)
    drag.perform()
    assert sent(browser) == messages, "the page sent the moves of a drag it scrolls itself"
    up = ActionBuilder(browser, mouse=mouse)
    up.pointer_action.pointer_up()
    up.perform()
    settled(browser)
    assert abs(scroll_top(browser) - 240) <= 2, f"the grid did not follow the mouse: {scroll_top(browser)}"
    assert selected_title(browser) is None, "a vertical drag must not select"


def test_a_flick_on_the_grid_keeps_moving_after_the_finger_lifts(browser, server):
    """A finger moving 50 px a frame (16 ms, by the events' stamps) and lifting: the grid goes on."""
    open_app(browser, server, "hoosets")
    wait(browser, lambda d: len(hoo_cells(d)) > 20)
    touch_screen(browser)
    messages = sent(browser)
    swipe(browser, 195, 700, [(0, -50)] * 8, 0.016)
    lifted = scroll_top(browser)
    positions = [lifted]
    for _ in range(8):
        time.sleep(0.05)
        positions.append(scroll_top(browser))
    assert positions[3] > lifted and positions[-1] > positions[3], f"the grid stopped when the finger lifted: {positions}"
    assert positions[-1] - lifted > 100, f"the fling went {positions[-1] - lifted} px: {positions}"

    def rested(driver):
        positions.append(scroll_top(driver))
        return positions[-1] == positions[-2]

    wait(browser, rested, message="the fling never rested")
    time.sleep(0.3)
    settled(browser)
    assert sent(browser) - messages <= 6, f"{sent(browser) - messages} messages for one flick"
    assert selected_title(browser) is None, "a flick must not select"


def test_a_press_and_hold_then_a_move_down_the_column_scrubs_and_does_not_scroll(browser, server):
    open_app(browser, server, "hoosets")
    wait(browser, lambda d: len(hoo_cells(d)) > 20)
    touch_screen(browser)
    first = min(hoo_cells(browser), key=lambda c: (c.rect["y"], c.rect["x"]))
    column = sorted((c for c in hoo_cells(browser) if abs(c.rect["x"] - first.rect["x"]) < 2), key=lambda c: c.rect["y"])[:3]
    titles = [title_of(cell) for cell in column]
    centre = lambda cell: (cell.rect["x"] + cell.rect["width"] / 2, cell.rect["y"] + cell.rect["height"] / 2)
    x, y = centre(column[0])
    finger(browser, "touchStart", x, y)
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, '[data-gesture="scrubbing"]'), message="the hold did not scrub")
    assert selected_title(browser) == titles[0]
    seen = [titles[0]]
    for cell, title in zip(column[1:], titles[1:]):
        target = centre(cell)
        for step in range(1, 6):
            finger(browser, "touchMove", x, y + (target[1] - y) * step / 5)
            time.sleep(0.02)
        x, y = target
        wait(browser, lambda d: selected_title(d) == title, message=f"the scrub did not select {title}")
        seen.append(selected_title(browser))
    assert scroll_top(browser) == 0, "the grid scrolled under a scrub"
    finger(browser, "touchEnd")
    settled(browser)
    assert seen == titles
    assert not browser.find_elements(By.CSS_SELECTOR, "[data-gesture]")


def active(driver):
    return driver.switch_to.active_element


def test_every_hoo_is_usable_with_the_keyboard_alone(browser, server):
    """Tab reaches every Hoo in the grid's order (each is a button); one out of view is scrolled
    into view by the browser; Enter and Space select it, the disc and the words follow; the
    selection's Next Hoo steps on; Enter on the selected Hoo closes it; the focus ring shows."""
    open_app(browser, server, "hoosets")
    wait(browser, lambda d: len(hoo_cells(d)) > 20)
    box = content_box(browser)
    cells = hoo_cells(browser)
    below = [cell for cell in cells if cell.rect["y"] > box["y"] + box["height"]]
    assert below, "every Hoo is in view: nothing to scroll to"
    target_id, target_title = below[0].get_attribute("id"), title_of(below[0])
    order = [cell.get_attribute("id") for cell in cells]
    body = browser.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.TAB)
    reached = []
    for _ in range(len(order) + 5):
        focused = active(browser)
        if "hoo-cell" in (focused.get_attribute("class") or ""):
            reached.append(focused.get_attribute("id"))
        if reached and reached[-1] == target_id:
            break
        focused.send_keys(Keys.TAB)
    assert reached == order[: len(reached)], "Tab does not follow the grid's order"
    assert reached and reached[-1] == target_id, f"Tab never reached {target_title}"
    settled(browser)
    # The Hoo that was below the screen is in view: the browser scrolled to the focus.
    wait(browser, lambda d: inside(d.find_element(By.ID, target_id).rect, content_box(d)),
         message=f"{target_title} got the focus but stayed out of view")
    assert scroll_top(browser) > 0
    outline = browser.execute_script(
        "const s = getComputedStyle(document.activeElement); return [s.outlineStyle, parseFloat(s.outlineWidth)]")
    assert outline[0] != "none" and outline[1] >= 2, f"no visible focus ring: {outline}"
    # Enter selects: the disc over this Hoo, its title and words below.
    active(browser).send_keys(Keys.ENTER)
    wait(browser, lambda d: selected_title(d) == target_title, message="Enter did not select the focused Hoo")
    assert active(browser).get_attribute("id") == target_id, "the focus left the Hoo"
    assert active(browser).get_attribute("aria-pressed") == "true"
    disc = browser.find_element(By.CSS_SELECTOR, ".hoo-disc").rect
    cell = browser.find_element(By.ID, target_id).rect
    centre = (disc["x"] + disc["width"] / 2, disc["y"] + disc["height"] / 2)
    assert cell["x"] <= centre[0] <= cell["x"] + cell["width"] and cell["y"] <= centre[1] <= cell["y"] + cell["height"]
    # The next stop is the selection's named action Next Hoo, shown while focused; Space uses it.
    active(browser).send_keys(Keys.TAB)
    assert active(browser).accessible_name == "Next Hoo"
    assert active(browser).is_displayed() and active(browser).rect["width"] > 20, "the focused named action is not shown"
    following = title_of(browser.find_element(By.ID, order[order.index(target_id) + 1]))
    active(browser).send_keys(Keys.SPACE)
    wait(browser, lambda d: selected_title(d) == following, message="Space on Next Hoo did not select the next Hoo")
    # Shift-Tab back to the now selected Hoo; Enter on it closes the disc, as a tap does.
    active(browser).send_keys(Keys.SHIFT, Keys.TAB)
    assert title_of(active(browser)) == following
    active(browser).send_keys(Keys.ENTER)
    wait(browser, lambda d: selected_title(d) is None, message="Enter on the selected Hoo did not close it")


# MARK: CarFit


def cards(driver):
    return driver.find_elements(By.CSS_SELECTOR, "li.carfit-card")


def test_picking_a_second_day_adds_its_cards_and_the_calendar_works(browser, server):
    open_app(browser, server, "carfit")
    wait(browser, lambda d: len(cards(d)) > 0, message="no visit cards on the sample's day")
    first = len(cards(browser))
    calendar = one_by_role(browser, "button", "Calendar", exact=True)
    assert calendar.get_attribute("aria-pressed") == "false"
    calendar.click()
    eleventh = one_by_role(browser, "button", "September 11, 2020")
    assert eleventh.get_attribute("aria-pressed") == "false"
    assert one_by_role(browser, "button", "Calendar", exact=True).get_attribute("aria-pressed") == "true"
    eleventh.click()
    wait(browser, lambda d: len(cards(d)) > first, message="the second day's cards did not appear")
    assert one_by_role(browser, "button", "September 11, 2020").get_attribute("aria-pressed") == "true"
    titles = [h.text for h in browser.find_elements(By.CSS_SELECTOR, ".carfit-day-title")]
    assert len(titles) == 2, titles
    # Distances follow the cards: a day with several visits has a distance line.
    assert "km" in text(browser) or "mi" in text(browser)
    # Change month and back; the selection stays.
    month = browser.find_element(By.CSS_SELECTOR, ".carfit-month-title").text
    one_by_role(browser, "button", "Next month", exact=False).click()
    wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, ".carfit-month-title").text != month)
    one_by_role(browser, "button", "Previous month", exact=False).click()
    wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, ".carfit-month-title").text == month)
    # Deselect the day again: its cards go.
    one_by_role(browser, "button", "September 11, 2020").click()
    wait(browser, lambda d: len(cards(d)) == first)
    # Close the calendar.
    one_by_role(browser, "button", "Calendar", exact=True).click()
    wait(browser, lambda d: not d.find_elements(By.CSS_SELECTOR, ".carfit-calendar"))


# The page's screen as a DOM, for comparing two pages: under the root (whose own attributes are
# the page's, not the screen's), each element's tag, its attributes in name order (a patch sets a
# new one last, a parser in source order) and its children; elements on their way out (an exit
# animation) and comments do not count.
CANONICAL_DOM = """
const canonical = (node) => {
  if (node.nodeType === Node.TEXT_NODE) return JSON.stringify(node.data);
  const attributes = [...node.attributes].map((a) => a.name + "=" + JSON.stringify(a.value)).sort().join(" ");
  const children = [...node.childNodes]
    .filter((c) => c.nodeType === Node.TEXT_NODE || (c.nodeType === Node.ELEMENT_NODE && !c.classList.contains("live-leaving")))
    .map(canonical).join("");
  return "<" + node.nodeName.toLowerCase() + " " + attributes + ">" + children + "</>";
};
return [...document.getElementById("live-root").childNodes].filter((c) => c.nodeType !== Node.COMMENT_NODE).map(canonical).join("");
"""


def test_events_are_answered_with_patches_that_leave_the_page_a_fresh_load_would_show(browser, server):
    open_app(browser, server, "carfit")
    wait(browser, lambda d: len(cards(d)) > 0, message="no visit cards on the sample's day")
    first = len(cards(browser))
    one_by_role(browser, "button", "Calendar", exact=True).click()
    one_by_role(browser, "button", "September 11, 2020").click()
    wait(browser, lambda d: len(cards(d)) > first, message="the second day's cards did not appear")
    month = browser.find_element(By.CSS_SELECTOR, ".carfit-month-title").text
    one_by_role(browser, "button", "Next month", exact=False).click()
    wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, ".carfit-month-title").text != month)
    settled(browser)
    time.sleep(1)  # exit animations end
    stats = browser.execute_script("return window.liveStats")
    assert stats["patches"] > 0, stats
    assert stats["resyncs"] == 0, stats
    patched = browser.execute_script(CANONICAL_DOM)
    # The same session loaded afresh: its page as served, then the whole screen on the new socket.
    browser.refresh()
    wait(browser, lambda d: d.execute_script("return !!(window.liveStats && liveStats.connected && liveStats.renders > 0)"),
         message="the reloaded page did not get its screen")
    settled(browser)
    time.sleep(0.5)
    assert browser.execute_script(CANONICAL_DOM) == patched


def test_the_calendar_is_keyboard_usable(browser, server):
    open_app(browser, server, "carfit")
    wait(browser, lambda d: len(cards(d)) > 0)
    body = browser.find_element(By.TAG_NAME, "body")
    for _ in range(8):
        body.send_keys(Keys.TAB)
        if (active(browser).accessible_name or "") == "Calendar":
            break
    assert active(browser).accessible_name == "Calendar", "Tab never reached the calendar button"
    active(browser).send_keys(Keys.ENTER)
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, ".carfit-calendar"), message="Enter did not open the calendar")
    # Tab on to the 11th and press Space: its cards come.
    first = len(cards(browser))
    for _ in range(60):
        active(browser).send_keys(Keys.TAB)
        if "September 11, 2020" in (active(browser).accessible_name or ""):
            break
    assert "September 11, 2020" in active(browser).accessible_name, "Tab never reached the 11th"
    active(browser).send_keys(Keys.SPACE)
    wait(browser, lambda d: len(cards(d)) > first, message="Space on a day did not select it")


def test_carfit_refresh_keeps_the_old_cards_until_the_new_ones_come(browser, carfit_feed_server, feeds):
    """From a feed on the network: the bar's button, then a pull down at the top of the list.
    Each refresh's feed answers 1.5 s late with one more visit today; the old cards stay on
    screen all that time, and the new card comes after."""
    open_app(browser, carfit_feed_server, "carfit")
    wait(browser, lambda d: len(cards(d)) > 0, message="no visit cards today from the loopback feed")
    count = len(cards(browser))
    feeds.slow_carfit = 1.5
    try:
        for refresh in ("button", "pull"):
            requests = feeds.carfit_requests
            if refresh == "button":
                bar_button(browser, "Refresh").click()
            else:
                finger = PointerInput(interaction.POINTER_TOUCH, "finger")
                pull = ActionBuilder(browser, mouse=finger, duration=200)
                top = cards(browser)[0]
                pull.pointer_action.move_to(top).pointer_down().move_by(0, 60).move_by(0, 60).move_by(0, 60).pointer_up()
                pull.perform()
            wait(browser, lambda d: feeds.carfit_requests > requests, timeout=5, message=f"the {refresh} did not refresh")
            deadline = time.time() + 1.0
            while time.time() < deadline:
                assert len(cards(browser)) == count, f"the {refresh} refresh blanked or changed the list before the feed came"
                time.sleep(0.05)
            wait(browser, lambda d: len(cards(d)) == count + 1, message=f"the {refresh} refresh's new card did not come")
            count += 1
    finally:
        feeds.slow_carfit = 0
    assert "Refreshed2" in text(browser)


def test_a_failed_carfit_refresh_keeps_the_cards_and_says_so(browser, carfit_feed_server, feeds):
    """The feed server answers 404: the cards on screen stay, and the network notice (issue 31's
    banner, a status named by its words) says they were not updated and when they were saved."""
    open_app(browser, carfit_feed_server, "carfit")
    wait(browser, lambda d: len(cards(d)) > 0)
    count = len(cards(browser))
    assert not browser.find_elements(By.ID, "network-notice")
    feeds.carfit_status = 404
    try:
        bar_button(browser, "Refresh").click()
        notice = wait(browser, lambda d: d.find_elements(By.ID, "network-notice"), message="no network notice after a failed refresh")[0]
        assert notice.aria_role == "status"
        assert notice.text.startswith("Not updated: saved"), notice.text
        assert len(cards(browser)) == count, "a failed refresh changed the cards"
    finally:
        feeds.carfit_status = 200
    # The next refresh that succeeds takes the notice away (once the first one's spinner, shown
    # for at least 0.8 s, has stopped: a button whose work runs takes no second tap).
    wait(browser, lambda d: bar_button(d, "Refresh").get_attribute("aria-busy") is None, message="the refresh never ended")
    bar_button(browser, "Refresh").click()
    wait(browser, lambda d: not d.find_elements(By.ID, "network-notice"), message="the notice stayed after a good refresh")


# MARK: Facts


def facts_rows(driver):
    return driver.find_elements(By.CSS_SELECTOR, "li.facts-row")


def test_scrolling_facts_requests_images_only_for_rows_in_or_near_view(browser, server, feeds):
    open_app(browser, server, "facts")
    wait(browser, lambda d: len(facts_rows(d)) == 40, message="the loopback feed's rows did not appear")
    wait(browser, lambda d: len(feeds.images()) > 0, message="no image was requested for the rows in view")
    time.sleep(0.5)
    first_batch = feeds.images()
    assert 0 in first_batch
    assert max(first_batch) < 20, f"images requested far out of view: {sorted(first_batch)}"
    # Rows are laid out for the browser's width, each as tall as its own content.
    width = content_box(browser)["width"]
    assert abs(browser.find_element(By.CSS_SELECTOR, "ol.facts-table").rect["width"] - width) < 2
    assert len({row.rect["height"] for row in facts_rows(browser)}) > 1
    # Scroll to the end: the last rows' images are requested, with the middle still untouched.
    browser.execute_script("document.querySelector('.content').scrollTop = 1e9")
    wait(browser, lambda d: 39 in feeds.images(), message="scrolling to the end did not request the last rows' images")
    assert not set(range(18, 24)) <= feeds.images(), f"every row's image was requested: {sorted(feeds.images())}"
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "li.facts-row[data-row='39'] img.facts-image"),
         message="the last row's image was not drawn")
    src = browser.find_element(By.CSS_SELECTOR, "li.facts-row[data-row='39'] img.facts-image").get_attribute("src")
    assert "/media/" in src


def test_facts_refresh_keeps_the_rows_until_the_new_ones_come(browser, server, feeds):
    open_app(browser, server, "facts")
    wait(browser, lambda d: len(facts_rows(d)) == 40)
    title = one_by_role(browser, "heading", "Loopback facts #")
    assert title.tag_name == "h1"
    before = title.accessible_name
    feeds.slow_feed = 1.5
    try:
        requests = feeds.feed_requests
        bar_button(browser, "Refresh").click()
        wait(browser, lambda d: feeds.feed_requests > requests, timeout=5, message="the button did not refresh")
        deadline = time.time() + 1.0
        while time.time() < deadline:
            assert len(facts_rows(browser)) == 40, "the refresh blanked the list"
            time.sleep(0.05)
        wait(browser, lambda d: by_role(d, "heading", "Loopback facts #") and by_role(d, "heading", "Loopback facts #")[0].accessible_name != before,
             message="the refreshed feed did not come")
        assert len(facts_rows(browser)) == 40
    finally:
        feeds.slow_feed = 0


# MARK: Schedule


def schedule_rows(driver):
    return driver.find_elements(By.CSS_SELECTOR, "li.schedule-row")


def test_schedule_opens_at_the_default_game_with_sticky_headers(browser, server):
    open_app(browser, server, "schedule")
    wait(browser, lambda d: d.find_elements(By.ID, "initial-row"), message="the schedule did not load")
    box = content_box(browser)
    row = browser.find_element(By.ID, "initial-row").find_element(By.XPATH, "./ancestor::li[1]")
    wait(browser, lambda d: inside(row.rect, content_box(d)), message="the default game is not in view")
    assert browser.execute_script("return document.querySelector('.content').scrollTop") > 0
    # Its section's header is pinned right above it, unless the list is scrolled to its end.
    header = row.find_element(By.XPATH, "./ancestor::section[1]").find_element(By.CSS_SELECTOR, ".schedule-header")
    assert header.aria_role == "heading"
    at_end = browser.execute_script("const m = document.querySelector('.content'); return m.scrollTop >= m.scrollHeight - m.clientHeight - 1")
    assert at_end or abs(header.rect["y"] - box["y"]) < 2, "the default game's header is not pinned above it"
    browser.execute_script("document.querySelector('.content').scrollTop -= 300")
    time.sleep(0.2)
    # A header held at the top while its section's start has scrolled away above it.
    pinned = [
        h for h in browser.find_elements(By.CSS_SELECTOR, ".schedule-header")
        if abs(h.rect["y"] - box["y"]) < 2 and h.find_element(By.XPATH, "./ancestor::section[1]").rect["y"] < box["y"] - 10
    ]
    assert pinned, "no section header is pinned at the top while scrolling"
    rows_before = len(schedule_rows(browser))
    bar_button(browser, "Refresh").click()
    for _ in range(10):
        assert len(schedule_rows(browser)) == rows_before, "the refresh blanked the list"
        time.sleep(0.03)
    settled(browser)
    assert len(schedule_rows(browser)) == rows_before


LOADED_LOGOS = """
return [...document.querySelectorAll('img.schedule-logo')]
  .filter(i => i.complete && i.naturalWidth > 0).map(i => new URL(i.src).pathname);
"""

MEDIA_FETCHES = """
return performance.getEntriesByType('resource').filter(e => e.name.includes('/media/'))
  .map(e => [new URL(e.name).pathname, e.transferSize]);
"""


def test_schedule_logos_load_and_come_from_caches_the_second_time(browser, server, feeds):
    """The rows in view load their teams' logos, each from the network once. A second session
    shows them again without asking the network (the server's image pipeline has them, shared
    by every tab) and the browser draws them from its own cache (`/media/N` is immutable):
    Resource Timing says so, a transfer size of 0."""
    open_app(browser, server, "schedule")
    first = wait(browser, lambda d: d.execute_script(LOADED_LOGOS), message="no logo loaded")
    settled(browser)
    time.sleep(0.3)
    counts = feeds.logos()
    assert counts and all(n == 1 for n in counts.values()), f"a logo was requested more than once: {counts}"
    fetched = dict(browser.execute_script(MEDIA_FETCHES))
    assert all(fetched.get(path, 0) > 0 for path in first), f"the first page did not fetch its logos: {fetched}"
    # A new session of the schedule in the same browser.
    open_app(browser, server, "schedule")
    again = wait(browser, lambda d: d.execute_script(LOADED_LOGOS), message="no logo on the second visit")
    settled(browser)
    assert set(again) & set(first), "the second session shows none of the same logos"
    after = feeds.logos()
    assert all(after[path] == 1 for path in counts), f"the network was asked again: {after}"
    cached = dict(browser.execute_script(MEDIA_FETCHES))
    for path in set(again) & set(first):
        assert cached.get(path, 0) == 0, f"{path} was fetched again instead of read from the browser's cache: {cached}"


# MARK: Trivia

with open(os.path.join(REPOSITORY, "Sources", "TriviaHost", "Resources", "questions.json")) as questions:
    QUESTIONS = {q["text"]: q for q in json.load(questions)["questions"]}


def competition(driver):
    wait(driver, lambda d: "#" in text(d), timeout=30, message="no competition joined")
    return [line for line in text(driver).splitlines() if "#" in line][0]


def open_choices(driver):
    return driver.find_elements(By.CSS_SELECTOR, "button[data-action='answer']:not([disabled])")


def question(driver, timeout=40):
    """The open question's record from the bundled set, once its choices can be pressed."""
    wait(driver, lambda d: open_choices(d), timeout=timeout, message="no question opened")
    prompt = driver.find_element(By.ID, "prompt").text
    assert prompt in QUESTIONS, f"unknown question {prompt!r}"
    return QUESTIONS[prompt]


def choose(driver, record, correct):
    """Presses the choice (found by its accessible name) that is, or is not, the answer."""
    index = record["answer"] if correct else (record["answer"] + 1) % len(record["choices"])
    one_by_role(driver, "button", record["choices"][index], scope="button[data-action='answer']").click()


@pytest.fixture(scope="module")
def trivia(server):
    """Two tabs, A and B, seated in one competition of the short kind (conftest.TRIVIA)."""
    a, b = make_driver(), make_driver()
    try:
        open_app(a, server, "trivia")
        # B arrives within A's lobby: the same competition (it starts with the first tab).
        open_app(b, server, "trivia")
        yield {"a": a, "b": b}
    finally:
        a.quit()
        b.quit()


def test_trivia_two_tabs_are_two_players_and_an_answer_is_acknowledged(trivia):
    a, b = trivia["a"], trivia["b"]
    assert a.current_url != b.current_url
    assert competition(a) == competition(b), "two tabs are not in one game"
    assert "Player" in text(a) and "Player" in text(b)
    audit(b, allowed={"color-contrast"}, label="Trivia, lobby or first question (standard)", scroll=False)
    record = question(a)
    assert question(b) == record
    choose(a, record, correct=False)
    wait(a, lambda d: "Answer locked in" in text(d), message="the answer was not acknowledged")
    # The other tab is another player: its choices are still open.
    assert open_choices(b)
    assert "Answer locked in" not in text(b)


def test_trivia_wild_card_offer_and_its_use(trivia):
    a = trivia["a"]
    wait(a, lambda d: "Wrong answer" in text(d), timeout=20, message="no result for the wrong answer")
    use = one_by_role(a, "button", "Use wild-card", exact=True)
    one_by_role(a, "region", "Use a wild-card?")
    audit(a, allowed={"color-contrast"}, label="Trivia, wild-card offer (standard)", scroll=False)
    use.click()
    wait(a, lambda d: "you're back in" in text(d), message="the wild-card was not accepted")
    assert "Player" in text(a) and "Viewer" not in text(a)


def test_trivia_a_player_who_answered_late_becomes_a_viewer(trivia):
    a, b = trivia["a"], trivia["b"]
    wait(b, lambda d: "Time's up" in text(d), timeout=20, message="no result for the unanswered question")
    one_by_role(b, "button", "Watch instead", exact=True).click()
    wait(b, lambda d: "You are now a viewer" in text(d), message="declining did not make a viewer")
    # The next question: A plays it (and answers right), B watches it.
    record = question(a)
    choose(a, record, correct=True)
    wait(b, lambda d: d.find_element(By.ID, "prompt").text == record["text"], message="the viewer does not see the question")
    assert not open_choices(b), "a viewer can answer"
    assert "Viewer" in text(b) and "You are watching" in text(b)


def test_trivia_the_final_screen_and_the_next_game(trivia):
    a, b = trivia["a"], trivia["b"]
    wait(a, lambda d: "You won!" in text(d), timeout=30, message="no final screen for the winner")
    wait(b, lambda d: "Competition over" in text(d), timeout=30, message="no final screen for the viewer")
    one_by_role(a, "heading", "You won!")
    audit(a, allowed={"color-contrast"}, label="Trivia, final (standard)", scroll=False)
    before = competition(a)
    one_by_role(a, "button", "Next game", exact=True).click()
    wait(a, lambda d: "#" in text(d) and competition(d) != before, timeout=30, message="Next game did not join another competition")


# The question card's visible parts, each with its box: the card's children, with the list of
# choices taken choice by choice (the list holds them; it does not overlap them).
CARD_BOXES = """
const card = document.querySelector('main.content .trivia-card');
if (!card) return [];
const parts = [];
for (const child of card.children) {
    if (child.matches('ol.trivia-choices')) parts.push(...child.querySelectorAll(':scope > li'));
    else parts.push(child);
}
return parts.map(e => {
    const r = e.getBoundingClientRect(), style = getComputedStyle(e);
    const name = e.tagName.toLowerCase() + '.' + (e.className || '').toString().split(' ').join('.') + ' ' + (e.textContent || '').trim().slice(0, 40);
    return {name, x: r.left, y: r.top, width: r.width, height: r.height,
            visible: r.width > 1 && r.height > 1 && style.visibility !== 'hidden' && style.opacity !== '0'};
}).filter(part => part.visible);
"""


def overlapping(driver):
    """The pairs of visible parts of the question card whose boxes overlap (by more than half a
    pixel: rounding)."""
    parts = driver.execute_script(CARD_BOXES)
    pairs = []
    for i, a in enumerate(parts):
        for b in parts[i + 1 :]:
            across = min(a["x"] + a["width"], b["x"] + b["width"]) - max(a["x"], b["x"])
            down = min(a["y"] + a["height"], b["y"] + b["height"]) - max(a["y"], b["y"])
            if across > 0.5 and down > 0.5:
                pairs.append((a["name"], b["name"]))
    return parts, pairs


def assert_nothing_overlaps(driver, moment):
    parts, pairs = overlapping(driver)
    assert len(parts) >= 3, f"{moment}: the question card has only {parts}"
    assert not pairs, f"{moment}: overlapping parts of the question card: {pairs}"


@pytest.fixture(scope="module")
def show(server):
    """One more tab, C, opened after the two-tab game: how long its first question took to come,
    the question and the tab."""
    c = make_driver()
    try:
        opened = time.monotonic()
        c.get(server.url + "/trivia")
        record = question(c, timeout=30)
        yield {"c": c, "record": record, "seconds": time.monotonic() - opened}
    finally:
        c.quit()


def test_trivia_the_first_question_comes_within_15_s(show):
    """A game starts when someone arrives (or is already in its lobby): no tab waits long."""
    assert show["seconds"] <= 15, f"the first question came {show['seconds']:.1f} s after the page was opened"


def test_trivia_nothing_on_the_question_screen_overlaps(show):
    """The question, its countdown and its choices, then the locked-in notice after an answer:
    no visible part of the card covers another (the notice used to be drawn over the choices)."""
    c, record = show["c"], show["record"]
    assert_nothing_overlaps(c, "the open question")
    choose(c, record, correct=True)
    wait(c, lambda d: "Answer locked in" in text(d), message="the answer was not acknowledged")
    notices = [e for e in c.find_elements(By.CSS_SELECTOR, ".trivia-card [role=status]") if "Answer locked in" in e.text]
    assert notices and notices[0].is_displayed(), "the locked-in notice is not a visible status of the card"
    assert_nothing_overlaps(c, "the answer locked in")
    audit(c, allowed={"color-contrast"}, label="Trivia, answer locked in (standard)", scroll=False)


def answer_counts(driver):
    """The number of answers each choice shows on the result screen."""
    counts = []
    for detail in driver.find_elements(By.CSS_SELECTOR, ".trivia-choice-detail"):
        words = detail.text.split()
        if len(words) == 2 and words[0].isdigit() and words[1] in ("answer", "answers"):
            counts.append(int(words[0]))
    return counts


def test_trivia_the_result_counts_every_player(show):
    """The result's numbers are the host's, with the bots in them: more players than this tab
    remain, and the choices count more answers than its own."""
    c = show["c"]
    found = wait(c, lambda d: re.search(r"(\d+) players? remains?", text(d)), timeout=30, message="no result with the players remaining")
    assert int(found.group(1)) > 1, f"only this tab remains: {found.group(0)!r}"
    counts = answer_counts(c)
    assert counts and sum(counts) > 1, f"the choices count {counts} answers"


# MARK: Sessions


def test_two_sessions_never_see_each_others_state(browser, server):
    other = make_driver()
    try:
        open_app(browser, server, "carfit")
        open_app(other, server, "carfit")
        wait(browser, lambda d: len(cards(d)) > 0)
        one_by_role(browser, "button", "Calendar", exact=True).click()
        wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, ".carfit-calendar"))
        settled(other)
        time.sleep(0.3)
        assert not other.find_elements(By.CSS_SELECTOR, ".carfit-calendar")
        assert one_by_role(other, "button", "Calendar", exact=True).get_attribute("aria-pressed") == "false"
        # A reload resumes the same session, calendar still open.
        url = browser.current_url
        browser.refresh()
        wait(browser, lambda d: d.execute_script("return !!(window.liveStats && liveStats.connected)"))
        assert browser.current_url == url
        assert browser.find_elements(By.CSS_SELECTOR, ".carfit-calendar")
    finally:
        other.quit()


def socket_url(page_url):
    session = page_url.rsplit("/s/", 1)[1]
    return page_url.split("://", 1)[1].split("/", 1)[0], session


def test_a_malformed_or_hostile_event_gets_an_error_and_the_session_goes_on(browser, server):
    open_app(browser, server, "carfit")
    wait(browser, lambda d: len(cards(d)) > 0)
    host, session = socket_url(browser.current_url)
    raw = websocket.create_connection(f"ws://{host}/live/{session}", timeout=10)
    try:
        first = json.loads(raw.recv())
        assert first["type"] == "render" and first.get("reset")
        hostile = [
            "not json",
            json.dumps({"seq": 1, "type": "action", "action": "<script>alert(1)</script>"}),
            json.dumps({"seq": 2, "type": "pointer", "phase": "began", "time": 1, "x": 1e308, "y": 0}).replace("1e+308", "1e999"),
            json.dumps({"seq": 3, "type": "action", "action": "toggle-day", "value": "2020-13-45"}),
            json.dumps({"seq": 4, "type": "scroll", "top": 0, "first": 5, "last": 1}),
            json.dumps({"seq": 5, "type": "teleport"}),
            json.dumps({"seq": 6, "type": "action", "action": "toggle-day", "value": "x" * 5000}),
            json.dumps({"seq": 7, "type": "action", "action": "select-day", "value": "2020-09-11"}),
        ]
        for message in hostile:
            raw.send(message)
            reply = json.loads(raw.recv())
            assert reply["type"] == "error", (message[:60], reply)
            assert reply["message"]
        raw.send(json.dumps({"seq": 8, "type": "action", "action": "toggle-calendar"}))
        reply = json.loads(raw.recv())
        # The screen's changes (a patch, or the whole screen), acknowledging the event.
        assert reply["type"] in ("render", "patch") and reply["ack"] == 8 and "carfit-calendar" in json.dumps(reply)
    finally:
        raw.close()
    # The page takes its session back and it still works.
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, ".carfit-calendar"), message="the session did not go on")
    one_by_role(browser, "button", "September 11, 2020").click()
    wait(browser, lambda d: len(d.find_elements(By.CSS_SELECTOR, ".carfit-day-title")) == 2, message="the page's session stopped")


def test_a_websocket_from_another_origin_is_refused(browser, server):
    open_app(browser, server, "carfit")
    host, session = socket_url(browser.current_url)
    with pytest.raises(websocket.WebSocketBadStatusException):
        websocket.create_connection(f"ws://{host}/live/{session}", origin="http://evil.example", timeout=10)
    with pytest.raises(websocket.WebSocketBadStatusException):
        websocket.create_connection(f"ws://{host}/live/{session}", origin=f"http://{host}.evil.example", timeout=10)
    accepted = websocket.create_connection(f"ws://{host}/live/{session}", origin=f"http://{host}", timeout=10)
    accepted.close()


# MARK: Accessibility

# As .ci/a11y.py, with its options: axe-core from axe-selenium-python 3.0.0, WCAG 2.0-2.2 A and
# AA and the best practices, every scroll position.


def positions(driver, scroll):
    """Yields at the top, then (with `scroll`) once per screen down the content, which the
    browser scrolls (a list, and the Hoo grid)."""
    yield "top"
    if not scroll or not driver.find_elements(By.CSS_SELECTOR, "main.content"):
        return
    height, step = driver.execute_script(
        "const m = document.querySelector('main.content'); return [m.scrollHeight, m.clientHeight]")
    offset = 0
    while offset + step < height:
        offset = min(offset + max(1, int(step * 0.9)), height - step)
        driver.execute_script("document.querySelector('main.content').scrollTop = arguments[0]", offset)
        time.sleep(0.1)
        settled(driver)
        yield f"at {offset}"
    driver.execute_script("document.querySelector('main.content').scrollTop = 0")


def audit(driver, allowed, label, scroll=True):
    from axe_selenium_python import Axe

    axe = Axe(driver)
    seen = {}
    for where in positions(driver, scroll):
        axe.inject()
        results = axe.run(options=a11y.AXE_OPTIONS)
        for violation in results["violations"]:
            if violation["id"] in allowed:
                continue
            for node in violation["nodes"]:
                seen.setdefault((violation["id"], json.dumps(node["target"])), (where, " ".join(node.get("failureSummary", "").split())))
    failures = [f"{label}: {rule} at {target} [{where}]: {summary}" for (rule, target), (where, summary) in sorted(seen.items())]
    assert not failures, "\n".join(failures)


def prepare(driver, app):
    """The states worth auditing besides the first (which may still be loading): each app
    loaded, the calendar open, a Hoo selected."""
    if app == "carfit":
        wait(driver, lambda d: len(cards(d)) > 0)
        one_by_role(driver, "button", "Calendar", exact=True).click()
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".carfit-calendar"))
    elif app == "hoosets":
        wait(driver, lambda d: len(hoo_cells(d)) > 20)
        ActionChains(driver).move_to_element(hoo_cell(driver, "Rubies")).click().perform()
        wait(driver, lambda d: selected_title(d) == "Rubies")
    elif app == "schedule":
        wait(driver, lambda d: d.find_elements(By.ID, "initial-row"))
    elif app == "facts":
        wait(driver, lambda d: len(facts_rows(d)) == 40)
    settled(driver)


APPS = ("schedule", "carfit", "hoosets", "facts")


@pytest.mark.parametrize("contrast", ["high", "standard"])
def test_axe_finds_no_violation_on_the_index_and_the_four_apps(browser, server, high_contrast_server, contrast):
    """With --contrast high: no violation of any rule. With the design's colours: none but colour
    contrast (the seeds' colours; Docs/Accessibility.md has the table)."""
    live = high_contrast_server if contrast == "high" else server
    allowed = set() if contrast == "high" else {"color-contrast"}
    browser.get(live.url + "/")
    audit(browser, allowed, f"index ({contrast})", scroll=False)
    for app in APPS:
        open_app(browser, live, app)
        audit(browser, allowed, f"{app} ({contrast})")
        prepare(browser, app)
        audit(browser, allowed, f"{app}, second state ({contrast})")


def test_axe_finds_no_violation_before_the_socket_opens(browser, high_contrast_server):
    """The page as served, before its socket opens (its script is blocked here, so it never
    does): the first render of each app, which is its loading screen when the load has not ended
    yet ("Loading the Hoo sets…"). A person on a slow network sees it; with --contrast high it has
    no violation either. (Chromium's blocked URLs do not reach WebSockets; the script they do.)"""
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/assets/live.js"]})
    for app in APPS:
        browser.get(high_contrast_server.url + "/" + app)
        wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "main.content"))
        time.sleep(0.3)
        assert not browser.execute_script("return !!(window.liveStats && liveStats.connected)"), "the socket was not blocked"
        audit(browser, set(), f"{app} before its socket (high)", scroll=False)


def test_axe_finds_no_violation_on_trivia_with_high_contrast(browser, high_contrast_server):
    """Trivia in its lobby, on a question, on the wild-card offer after a wrong answer, as a
    viewer, and on its final screen."""
    open_app(browser, high_contrast_server, "trivia")
    competition(browser)
    audit(browser, set(), "Trivia, lobby (high)", scroll=False)
    record = question(browser)
    audit(browser, set(), "Trivia, question (high)", scroll=False)
    choose(browser, record, correct=False)
    wait(browser, lambda d: "Answer locked in" in text(d), message="the answer was not acknowledged")
    assert_nothing_overlaps(browser, "the answer locked in (high)")
    audit(browser, set(), "Trivia, answer locked in (high)", scroll=False)
    one_by_role(browser, "button", "Use wild-card", exact=True)
    audit(browser, set(), "Trivia, wild-card offer (high)", scroll=False)
    one_by_role(browser, "button", "Watch instead", exact=True).click()
    wait(browser, lambda d: "Viewer" in text(d) and open_choices(d) == [] and "Question 2" in text(d), timeout=30)
    audit(browser, set(), "Trivia, viewer (high)", scroll=False)
    wait(browser, lambda d: "Competition over" in text(d), timeout=30, message="no final screen")
    audit(browser, set(), "Trivia, final (high)", scroll=False)
