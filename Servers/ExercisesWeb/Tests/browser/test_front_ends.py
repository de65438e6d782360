"""The live pages show what each module decided, as `exercises` does (Docs/Web.md, "The person's
language and time zone"): the bundled Facts feed's Kittens row as the terminal prints it, and a
German browser finds no English line of the package's own on any of the five apps."""

import os
import subprocess
import time

from selenium.webdriver.common.by import By

from conftest import PACKAGE, REPOSITORY, make_driver
from test_live import open_app, wait

KITTENS = "…are illegal. Cats are fine."

# The package's own English words on these screens (the feeds' text, team and set names aside).
ENGLISH = (
    "Loading", "Refresh", "Updated", "Today", "Calendar", "Previous month", "Next month", "Close calendar",
    "Waiting for", "s left", "Players", "Try again", "Saved", "Offline", "Shows", "visits", "Visits", "Could not",
    "couldn't", "Image", "Wild-card", "Finding", "Answer",
)

TEXTS = """
const seen = [document.body.innerText];
for (const e of document.querySelectorAll('[aria-label], [alt], button, [role=status], [role=alert]')) {
  seen.push(e.getAttribute('aria-label') || '', e.getAttribute('alt') || '', e.textContent || '');
}
return seen.join('\\n');
"""


def exercises_binary():
    """The root package's `exercises`, built beside the web package's binary by the same stage."""
    for path in (os.environ.get("EXERCISES_BIN"), os.path.join(REPOSITORY, ".build", "debug", "exercises")):
        if path and os.path.exists(path):
            return path
    return None


def test_the_live_facts_page_shows_the_kittens_row_as_the_terminal_does(browser, carfit_feed_server):
    """carfit_feed_server reads Facts from the bundled feed (Mac OS Roman), as `exercises facts`."""
    open_app(browser, carfit_feed_server, "facts")
    wait(browser, lambda d: "Kittens" in d.find_element(By.TAG_NAME, "body").text, message="the Kittens row never came")
    page = browser.find_element(By.TAG_NAME, "body").text.replace("\n", " ")
    assert KITTENS in page, "the live Kittens row is not the module's reading of the feed"
    assert "Éare" not in page, "the live page read the feed as Windows-1252"
    binary = exercises_binary()
    if binary:
        printed = subprocess.run([binary, "facts"], capture_output=True, text=True, timeout=60, cwd=PACKAGE).stdout
        assert KITTENS in printed.replace("\n", " ")


def test_a_german_browser_finds_no_english_line_of_the_package(server):
    driver = make_driver(language="de-DE", time_zone="Europe/Berlin")
    try:
        for app in ("schedule", "carfit", "hoosets", "facts", "trivia"):
            open_app(driver, server, app)
            time.sleep(2.5)
            if app == "carfit":
                driver.find_element(By.ID, "calendar-button").click()
                wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".carfit-calendar"), message="the calendar did not open")
            texts = driver.execute_script(TEXTS)
            found = [word for word in ENGLISH if word in texts]
            assert not found, f"{app} in German still says {found}"
            assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang").startswith("de")
    finally:
        driver.quit()
