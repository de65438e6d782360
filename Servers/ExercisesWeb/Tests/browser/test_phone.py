"""The live apps held as a phone (Docs/Web.md, "Motion, work in progress, and a phone's frame"):
the calendar's motion and dismissal, a pull-to-refresh spinner a person can see, a German browser
in New York, no drawn status bar, the first row clear of its header, 44-point targets, a
selected day's icons drawn from the page's symbols.

Screenshots taken here are kept in $EXERCISES_WEB_SHOTS (a temporary directory otherwise) for a
person to look at; the assertions compare them, they do not only save them."""

import io
import os
import tempfile
import time

import pytest
from PIL import Image, ImageChops
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import make_driver
from test_live import bar_button, cards, one_by_role, open_app, settled, wait

SHOTS = os.environ.get("EXERCISES_WEB_SHOTS") or tempfile.mkdtemp(prefix="exercises-web-shots-")
os.makedirs(SHOTS, exist_ok=True)


def shot(driver, name):
    """The viewport as an image, also saved as `name`.png."""
    data = driver.get_screenshot_as_png()
    with open(os.path.join(SHOTS, name + ".png"), "wb") as file:
        file.write(data)
    return Image.open(io.BytesIO(data)).convert("RGB")


def differs(a, b, box=None):
    """Whether two screenshots differ (inside `box`, viewport pixels, when given)."""
    if box:
        a, b = a.crop(box), b.crop(box)
    return ImageChops.difference(a, b).getbbox() is not None


def tap(driver, x, y):
    """A mouse click at viewport point (x, y), whatever element is there."""
    for kind in ("mousePressed", "mouseReleased"):
        driver.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1})


def calendar_rect(driver):
    return driver.execute_script(
        "const c = document.querySelector('.carfit-calendar:not(.live-leaving)'); return c && c.getBoundingClientRect().toJSON()")


def calendar_gone(driver):
    return not driver.find_elements(By.CSS_SELECTOR, ".carfit-calendar")


SAMPLE_TOPS = """
window.calendarTops = []; const start = performance.now();
(function sample() {
  const c = document.querySelector('.carfit-calendar');
  calendarTops.push(c ? c.getBoundingClientRect().top : null);
  if (performance.now() - start < 900) requestAnimationFrame(sample);
})();
"""


def test_the_calendar_slides_in_and_goes_on_a_tap_outside_or_escape(browser, server):
    open_app(browser, server, "carfit")
    wait(browser, lambda d: cards(d), message="no visit cards")
    closed = shot(browser, "carfit-calendar-closed")

    # It comes from the top: every frame of its entrance, sampled by the page itself.
    browser.execute_script(SAMPLE_TOPS)
    bar_button(browser, "Calendar").click()
    wait(browser, lambda d: calendar_rect(d), message="the calendar did not open")
    time.sleep(1.0)
    tops = [top for top in browser.execute_script("return calendarTops") if top is not None]
    final = calendar_rect(browser)["top"]
    assert tops and min(tops) < final - 40, f"the calendar did not slide in from the top: {tops[:6]}… to {final}"
    opened = shot(browser, "carfit-calendar-open")

    # A frame in the middle of its way out differs from both ends (the animation slowed tenfold;
    # the page takes the panel out 0.7 s after the tap whatever the animation does).
    browser.execute_cdp_cmd("Animation.enable", {})
    browser.execute_cdp_cmd("Animation.setPlaybackRate", {"playbackRate": 0.1})
    try:
        title = browser.find_element(By.CSS_SELECTOR, ".carfit-header").rect
        tap(browser, title["x"] + 20, title["y"] + title["height"] / 2)
        time.sleep(0.3)
        leaving = shot(browser, "carfit-calendar-leaving")
        assert browser.find_elements(By.CSS_SELECTOR, ".carfit-calendar.live-leaving"), "the tap outside did not start its exit"
        assert differs(leaving, opened) and differs(leaving, closed), "the calendar's exit is not animated"
    finally:
        browser.execute_cdp_cmd("Animation.setPlaybackRate", {"playbackRate": 1})
    wait(browser, calendar_gone, message="a tap on the title did not close the calendar")
    settled(browser)

    # A tap in the gap under the calendar closes it too, and does nothing else.
    visible = len(cards(browser))
    bar_button(browser, "Calendar").click()
    wait(browser, lambda d: calendar_rect(d), message="the calendar did not open again")
    time.sleep(0.4)
    panel = calendar_rect(browser)
    tap(browser, 195, panel["bottom"] + 6)
    wait(browser, calendar_gone, message="a tap below the calendar did not close it")
    settled(browser)
    assert len(cards(browser)) == visible

    # Escape closes it and gives the focus back to the calendar button.
    bar_button(browser, "Calendar").click()
    wait(browser, lambda d: calendar_rect(d), message="the calendar did not open a third time")
    ActionChains(browser).send_keys(Keys.ESCAPE).perform()
    wait(browser, calendar_gone, message="Escape did not close the calendar")
    assert browser.execute_script("return document.activeElement.id") == "calendar-button"


def test_with_reduce_motion_the_calendar_does_not_slide(browser, server):
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
    open_app(browser, server, "carfit")
    wait(browser, lambda d: cards(d), message="no visit cards")
    browser.execute_script(SAMPLE_TOPS)
    bar_button(browser, "Calendar").click()
    wait(browser, lambda d: calendar_rect(d), message="the calendar did not open")
    time.sleep(1.0)
    tops = {round(top) for top in browser.execute_script("return calendarTops") if top is not None}
    assert len(tops) == 1, f"the calendar moved under Reduce Motion: {sorted(tops)}"


def touch(driver, kind, x=None, y=None):
    points = [] if kind == "touchEnd" else [{"x": x, "y": y}]
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})


def spinner_shown(driver):
    """Whether the pull's spinner is on screen: visible, inside the viewport, not zero-sized."""
    return driver.execute_script("""
      const pull = document.getElementById('live-pull');
      if (!pull || getComputedStyle(pull).visibility !== 'visible') return false;
      const r = pull.getBoundingClientRect();
      return r.width > 0 && r.top >= 0 && r.bottom <= innerHeight;
    """)


def test_a_pull_to_refresh_shows_its_spinner_for_the_whole_refresh(browser, carfit_feed_server, feeds):
    """A finger pulls CarFit's list down: the spinner is visible during the pull and after the
    finger lifts until the slow feed (1.5 s) has answered, and the screenshots show it."""
    browser.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})
    open_app(browser, carfit_feed_server, "carfit")
    wait(browser, lambda d: cards(d), message="no visit cards")
    before = shot(browser, "carfit-pull-before")
    feeds.slow_carfit = 1.5
    try:
        requests = feeds.carfit_requests
        touch(browser, "touchStart", 195, 250)
        for step in range(1, 9):
            touch(browser, "touchMove", 195, 250 + 15 * step)
            time.sleep(0.02)
        assert spinner_shown(browser), "no spinner while the finger pulls"
        pulling = shot(browser, "carfit-pull-dragging")
        touch(browser, "touchEnd")
        wait(browser, lambda d: feeds.carfit_requests > requests, timeout=5, message="the pull did not refresh")
        time.sleep(0.5)
        assert spinner_shown(browser), "the spinner went before the refresh was done"
        during = shot(browser, "carfit-pull-refreshing")
        box = browser.execute_script("const r = document.getElementById('live-pull').getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]")
        assert differs(during, before, tuple(int(v) for v in box)), "the screenshot mid-refresh shows no spinner"
        assert differs(pulling, before)
        wait(browser, lambda d: not spinner_shown(d), timeout=10, message="the spinner never went")
    finally:
        feeds.slow_carfit = 0


def test_a_german_browser_in_new_york_sees_german_words_and_new_york_times(server):
    """As `exercises schedule --locale de_DE --time-zone America/New_York` prints the row."""
    driver = make_driver(language="de-DE", time_zone="America/New_York")
    try:
        open_app(driver, server, "schedule")
        wait(driver, lambda d: d.find_elements(By.ID, "initial-row"), message="the schedule did not load")
        body = driver.find_element(By.TAG_NAME, "body").text
        assert "Sa. 16. Jan." in body and "16:35" in body, "the Divisional Playoffs row is not German and New York's"
        assert "9:35 PM" not in body
        assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang").startswith("de")
        shot(driver, "schedule-de-new-york")
        open_app(driver, server, "carfit")
        wait(driver, lambda d: cards(d), message="no visit cards")
        # The day's heading is drawn in capitals (CSS); its words are the module's German ones.
        assert "donnerstag, 10. september" in driver.find_element(By.TAG_NAME, "body").text.lower()
    finally:
        driver.quit()


def test_the_live_page_draws_no_status_bar_and_no_home_indicator(browser, server):
    for app in ("schedule", "carfit", "hoosets", "facts"):
        open_app(browser, server, app)
        shown = browser.execute_script(
            "return [...document.querySelectorAll('.status-bar, .home-indicator')].filter(e => e.getClientRects().length).map(e => e.className)")
        assert not shown, f"{app} draws {shown}"
        assert "9:41" not in browser.find_element(By.TAG_NAME, "body").text


def test_the_schedule_opens_with_its_first_row_whole_under_the_pinned_header(browser, server):
    open_app(browser, server, "schedule")
    wait(browser, lambda d: d.find_elements(By.ID, "initial-row"), message="the schedule did not load")
    time.sleep(0.3)
    header, row, cut, whole = browser.execute_script("""
      const row = document.getElementById('initial-row').closest('li');
      const header = row.closest('section').querySelector('.schedule-header').getBoundingClientRect();
      const under = [...document.querySelectorAll('li.schedule-row')].filter(li => {
        const r = li.getBoundingClientRect(); return r.bottom > header.top + 1 && r.top < header.bottom - 1;
      });
      const area = document.querySelector('main.content').getBoundingClientRect();
      const r = row.getBoundingClientRect();
      return [header.bottom, r.top, under.length, r.bottom <= area.bottom + 1];
    """)
    assert abs(row - header) < 2, f"the first row starts at {row}, the header ends at {header}"
    assert cut == 0, "a row is cut under the pinned header"
    assert whole, "the first row runs past the bottom of the list"
    shot(browser, "schedule-initial-row")


TARGETS = """
return [...document.querySelectorAll('main button, header button, main a, main [role=button]')]
  .filter(e => !e.classList.contains('a11y-action') && e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden')
  .map(e => { const r = e.getBoundingClientRect(); return [e.id || e.className || e.textContent.trim().slice(0, 20), r.width, r.height]; })
  .filter(([, w, h]) => w < 43.5 || h < 43.5);
"""


@pytest.mark.parametrize("app", ["schedule", "carfit", "hoosets", "facts"])
def test_every_control_is_at_least_44_points_square(browser, server, app):
    open_app(browser, server, app)
    time.sleep(1.0)
    if app == "carfit":
        bar_button(browser, "Calendar").click()
        wait(browser, lambda d: calendar_rect(d), message="the calendar did not open")
        time.sleep(0.5)
    small = browser.execute_script(TARGETS)
    assert not small, f"controls smaller than 44 x 44: {small[:8]}"


def test_the_schedule_refresh_button_shows_it_is_working(browser, server):
    """An instant refresh (the bundled feed) still shows: the button turns for at least 0.8 s,
    says it is busy, and stops when the screen is done."""
    open_app(browser, server, "schedule")
    wait(browser, lambda d: d.find_elements(By.ID, "initial-row"), message="the schedule did not load")
    button = bar_button(browser, "Refresh")
    button.click()
    state = "return [document.getElementById(arguments[0]).className, document.getElementById(arguments[0]).getAttribute('aria-busy')]"
    identifier = button.get_attribute("id")
    classes, busy = browser.execute_script(state, identifier)
    assert "live-working" in classes and busy == "true", "the button gave no sign of its work"
    time.sleep(0.5)
    assert "live-working" in browser.execute_script(state, identifier)[0], "the sign went before 0.8 s"
    wait(browser, lambda d: "live-working" not in d.execute_script(state, identifier)[0], timeout=10, message="the button never stopped")
    settled(browser)


@pytest.mark.parametrize("contrast", ["standard", "high"])
def test_the_selected_hoo_reads_as_white_lines_on_its_disc(browser, server, high_contrast_server, contrast):
    """The Hoo's hairlines on the set's disc: without their halo they blend with the disc into
    its own purple (no pixel near white); with it they are white strokes."""
    from test_live import hoo_cell, selected_title

    open_app(browser, high_contrast_server if contrast == "high" else server, "hoosets")
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "button.hoo-cell"), message="no Hoos")
    hoo_cell(browser, "Rubies").click()
    wait(browser, lambda d: selected_title(d) == "Rubies", message="Rubies was not selected")
    settled(browser)
    time.sleep(0.8)
    disc = browser.execute_script("const r = document.querySelector('.hoo-disc').getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]")
    image = shot(browser, f"hoo-disc-{contrast}").crop(tuple(int(v) for v in disc))
    width, height = image.size
    pixels = image.load()
    white = sum(1 for x in range(width) for y in range(height) if min(pixels[x, y]) >= 200)
    assert white >= 20, f"the Hoo's lines are not white on its disc ({white} white pixels)"


def test_hoo_cells_are_round_so_confetti_never_ends_in_a_straight_line(browser, server):
    """The artwork's confetti passes its round frame: outside the circle of a cell nothing of
    the picture is drawn (the cell's corners show the grid's background)."""
    open_app(browser, server, "hoosets")
    wait(browser, lambda d: len(d.find_elements(By.CSS_SELECTOR, "button.hoo-cell img.hoo-image")) > 20, message="no Hoo images")
    clip = browser.execute_script("return getComputedStyle(document.querySelector('button.hoo-cell img.hoo-image')).clipPath")
    assert clip.startswith("circle(50%"), f"the cell's picture is not drawn as a circle: {clip}"


ICONS_OF_CARDS = """
const cards = [...document.querySelectorAll('#live-root li.carfit-card')];
return [...document.querySelectorAll('#live-root .carfit-card .carfit-detail svg.icon')].map((icon) => {
  const use = icon.querySelector('use'), box = icon.getBoundingClientRect();
  const href = use && use.getAttribute('href'), symbol = href && document.getElementById(href.slice(1));
  return {href, symbol: symbol ? symbol.nodeName : null, outside: !!symbol && !document.getElementById('live-root').contains(symbol),
          box: [box.left, box.top, box.right, box.bottom], size: icon.getAttribute('width'),
          lastCard: icon.closest('li') === cards[cards.length - 1]};
});
"""


def test_a_selected_days_cards_draw_their_icons_from_the_pages_symbols(browser, server):
    """A patch's cards carry only `<use>` references; the page's shell holds the symbols they
    draw, so the icons show, at their size, in the colour of their text."""
    open_app(browser, server, "carfit")
    wait(browser, lambda d: cards(d), message="no visit cards")
    first = len(cards(browser))
    bar_button(browser, "Calendar").click()
    wait(browser, lambda d: calendar_rect(d), message="the calendar did not open")
    one_by_role(browser, "button", "September 11, 2020").click()
    wait(browser, lambda d: len(cards(d)) > first, message="the selected day's cards did not appear")
    settled(browser)
    time.sleep(0.8)  # the calendar's entrance ends
    assert browser.execute_script("return window.liveStats.patches") > 0
    # The selected day's card (the last: days are in order) came in the patch; bring it into view.
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", cards(browser)[-1])
    time.sleep(0.3)
    icons = browser.execute_script(ICONS_OF_CARDS)
    assert len([icon for icon in icons if icon["href"] == "#icon-clock"]) == len(cards(browser)), icons
    image = shot(browser, "carfit-selected-day")
    drawn = []
    for icon in icons:
        assert icon["href"] and icon["symbol"] == "symbol" and icon["outside"], icon
        left, top, right, bottom = icon["box"]
        assert round(right - left) == round(float(icon["size"])) == round(bottom - top), icon
        if top >= 0 and bottom <= image.height:
            extrema = image.crop((int(left), int(top), int(right), int(bottom))).getextrema()
            assert any(low != high for low, high in extrema), f"the icon {icon['href']} drew nothing"
            drawn.append(icon)
    assert any(icon["lastCard"] for icon in drawn), "no icon of the patched card was in view"
