#!/usr/bin/env python3
"""axe-core and keyboard checks of the HTML previews (the `a11y` stage of .ci/run).

    python3 .ci/a11y.py --pages DIR --contrast high      # 0 violations of any rule
    python3 .ci/a11y.py --pages DIR --contrast standard  # 0 violations other than color-contrast

Every page of DIR (`exercises all --html-dir DIR`, index.html included) is opened in headless
Chromium at 390 x 844 (the iPhone 14 the pages are drawn for). axe-core (the copy shipped by
PyPI's axe-selenium-python 3.0.0) runs with the WCAG 2.0, 2.1 and 2.2 A/AA rules and the best
practices at every scroll position: the page's scroll container (`main.content`) and the window
are scrolled through their whole height one viewport at a time, because axe can only judge the
colour contrast of text that is on screen. A rule broken at any position is one violation per
element, reported once.

--keyboard also checks that a keyboard alone can use the pages: Tab reaches the element named
below, it has a visible focus ring, and both Enter and Space activate it (a click event reaches
the document, which a <div> with a tabindex would not give).

Exit status: 0 when everything passed, 1 when something failed (each failure is printed), 2 when
the browser or axe could not run.
"""

import argparse
import json
import pathlib
import shutil
import sys

from axe_selenium_python import Axe
from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

WIDTH, HEIGHT = 390, 844
VERBOSE = False
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa", "best-practice"]
# One axe run: those rules, violations only; the index shows the pages in sandboxed frames, and
# each page is audited on its own. The web stage's audits use the same options.
AXE_OPTIONS = json.dumps({"runOnly": {"type": "tag", "values": TAGS}, "resultTypes": ["violations"], "iframes": False})

# page -> (what must be reachable, a CSS selector for it)
KEYBOARD = {
    "facts.html": [("refresh", '[data-action="refresh"]')],
    "schedule.html": [("refresh", '[data-action="refresh"]')],
    "carfit.html": [
        ("the calendar button", '[data-action="toggle-calendar"]'),
        ("the next month", '[data-action="show-next-month"]'),
        ("a day", '[data-action="toggle-day"]'),
        ("refresh", '[data-action="refresh"]'),
    ],
    "hoosets.html": [("a Hoo", '[data-action="select-hoo"]'), ("the next Hoo", '[data-action="select-next-hoo"]')],
    "trivia-question.html": [("an answer choice", '[data-action="answer"]')],
    "trivia-wildcard.html": [("the wild-card button", '[data-action="use-wildcard"]')],
}


def chromium(width=WIDTH, height=HEIGHT, flags=(), prefs=None):
    """Debian's Chromium through Debian's chromedriver (never a download: Selenium Manager would
    fetch one), headless, with a viewport of exactly `width` x `height`. Headless Chromium keeps
    a window at least 500 px wide whatever --window-size says (a correction by set_window_size
    ended at 280 x 844), so the viewport is set through the DevTools protocol instead, and
    checked. Also the web stage's browser (Servers/ExercisesWeb/Tests/browser/conftest.py)."""
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    service = webdriver.ChromeService(executable_path=shutil.which("chromedriver") or "/usr/bin/chromedriver")
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-device-scale-factor=1", *flags):
        options.add_argument(flag)
    options.add_argument(f"--window-size={max(width, 500)},{height + 200}")
    if prefs:
        options.add_experimental_option("prefs", prefs)
    driver = webdriver.Chrome(options=options, service=service)
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
    driver.get("about:blank")
    inner = driver.execute_script("return [window.innerWidth, window.innerHeight]")
    if inner != [width, height]:
        driver.quit()
        raise RuntimeError(f"the viewport is {inner}, not {width} x {height}")
    return driver


def browser():
    try:
        driver = chromium()
    except RuntimeError as error:
        raise SystemExit(f"error: {error}")
    driver.set_script_timeout(120)
    return driver


SCROLLERS = """
const found = [document.scrollingElement];
for (const element of document.querySelectorAll('main, [data-scroll]')) {
  const style = getComputedStyle(element);
  if (/(auto|scroll)/.test(style.overflowY) && element.scrollHeight > element.clientHeight) found.push(element);
}
return found.filter(e => e.scrollHeight > e.clientHeight);
"""


def positions(driver):
    """Scrolls every scroll container through its height; yields once per position."""
    scrollers = driver.execute_script(SCROLLERS)
    yield "top"
    for index, element in enumerate(scrollers):
        height, step = driver.execute_script("return [arguments[0].scrollHeight, arguments[0].clientHeight]", element)
        offset = 0
        while offset + step < height:
            offset = min(offset + max(1, int(step * 0.9)), height - step)
            driver.execute_script("arguments[0].scrollTop = arguments[1]", element, offset)
            yield f"scroller {index} at {offset}"
        driver.execute_script("arguments[0].scrollTop = 0", element)


def audit(driver, page, allowed):
    driver.get(page.as_uri())
    axe = Axe(driver)
    seen = {}
    runs = 0
    for where in positions(driver):
        axe.inject()
        results = axe.run(options=AXE_OPTIONS)
        runs += 1
        for violation in results["violations"]:
            for node in violation["nodes"]:
                key = (violation["id"], json.dumps(node["target"]))
                if key not in seen:
                    seen[key] = (violation, node, where)
    failures, tolerated = [], 0
    for (rule, target), (violation, node, where) in sorted(seen.items()):
        if rule in allowed:
            tolerated += 1
            if VERBOSE:
                print(f"    allowed: {rule} at {target}: " + " ".join(node.get("failureSummary", "").split()))
            continue
        summary = node.get("failureSummary", "").replace("\n", " ")
        failures.append(f"{page.name}: {rule} ({violation['impact']}) at {target} [{where}]: {summary}")
    return failures, tolerated, runs


RECORD_CLICKS = """
window.__activated = [];
document.addEventListener('click', e => {
  const target = e.target.closest('[data-action]');
  window.__activated.push(target ? target.getAttribute('data-action') : '(none)');
}, true);
"""


def keyboard(driver, page, checks):
    failures = []
    for what, selector in checks:
        driver.get(page.as_uri())
        driver.execute_script(RECORD_CLICKS)
        wanted = driver.find_elements(By.CSS_SELECTOR, selector)
        if not wanted:
            failures.append(f"{page.name}: no element {selector} ({what})")
            continue
        reached = None
        for presses in range(1, 400):
            driver.switch_to.active_element.send_keys(Keys.TAB)
            active = driver.switch_to.active_element
            if driver.execute_script("return arguments[0].matches(arguments[1])", active, selector):
                reached = (active, presses)
                break
        if reached is None:
            failures.append(f"{page.name}: Tab never reaches {what} ({selector})")
            continue
        element, presses = reached
        tag = element.tag_name.lower()
        ring = driver.execute_script(
            "const s = getComputedStyle(arguments[0]); return [s.outlineStyle, parseFloat(s.outlineWidth)]", element)
        if ring[0] == "none" or ring[1] < 2:
            failures.append(f"{page.name}: {what} has no visible focus ring (outline {ring[0]} {ring[1]}px)")
        action = element.get_attribute("data-action")
        before = len(failures)
        for key, name in ((Keys.ENTER, "Enter"), (Keys.SPACE, "Space")):
            driver.execute_script("window.__activated = []")
            element.send_keys(key)
            activated = driver.execute_script("return window.__activated")
            if action not in activated:
                failures.append(f"{page.name}: {name} on {what} (<{tag}>) does not activate it: {activated}")
        if len(failures) == before:
            print(f"  keyboard: {page.name}: {what} reached after {presses} Tab presses (<{tag} data-action=\"{action}\">); "
                  "focus ring shown; Enter and Space activate it")
    return failures


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", required=True, type=pathlib.Path)
    parser.add_argument("--contrast", choices=["high", "standard"], required=True)
    parser.add_argument("--keyboard", action="store_true")
    parser.add_argument("--verbose", action="store_true", help="also list each allowed colour-contrast failure")
    arguments = parser.parse_args()
    global VERBOSE
    VERBOSE = arguments.verbose
    pages = sorted(arguments.pages.glob("*.html"))
    if not pages:
        print(f"error: no pages in {arguments.pages}")
        return 1
    allowed = set() if arguments.contrast == "high" else {"color-contrast"}
    try:
        driver = browser()
    except WebDriverException as error:
        print(f"error: cannot start Chromium through chromedriver: {error.msg}")
        return 2
    failures = []
    if arguments.keyboard:
        names = {page.name for page in pages}
        failures += [f"{name}: missing, so its keyboard checks cannot run" for name in sorted(KEYBOARD) if name not in names]
    try:
        version = driver.execute_script("return navigator.userAgent")
        print(f"axe-core in {version.split(' ')[-2] if ' ' in version else version} at {WIDTH} x {HEIGHT}, rules {', '.join(TAGS)}")
        for page in pages:
            found, tolerated, runs = audit(driver, page, allowed)
            failures += found
            note = f", {tolerated} colour-contrast (allowed without --contrast high)" if tolerated else ""
            print(f"  axe: {page.name}: {len(found)} violations in {runs} scroll positions{note}")
            if arguments.keyboard and page.name in KEYBOARD:
                failures += keyboard(driver, page, KEYBOARD[page.name])
    finally:
        driver.quit()
    for failure in failures:
        print("FAIL " + failure)
    print(f"{len(pages)} pages, {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
