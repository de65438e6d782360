"""Renders Docs/Screenshots/web-*.png: each live screen in headless Chromium at 390 × 844, used
through the page as the browser tests use it (not part of the test run).

    .build-ci-web-venv/bin/python Servers/ExercisesWeb/Tests/browser/screenshots.py [OUT_DIR]

The server runs on the bundled data (`--locale en_US --time-zone UTC`), offline: the schedule's
logos and the facts' images come from the network, so they show their placeholders here.
"""

import os
import sys
import time

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import REPOSITORY, TRIVIA, Server, make_driver
from test_live import active, cards, choose, hoo_cell, hoo_cells, one_by_role, open_app, question, selected_title, settled, wait


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(REPOSITORY, "Docs", "Screenshots")
    server = Server(*TRIVIA)
    driver = make_driver()

    def shot(name):
        if driver.execute_script("return !!window.liveStats"):
            settled(driver)
        time.sleep(0.4)
        path = os.path.join(out, f"web-{name}.png")
        driver.save_screenshot(path)
        print(path)

    try:
        driver.get(server.url + "/")
        shot("index")
        open_app(driver, server, "schedule")
        wait(driver, lambda d: d.find_elements(By.ID, "initial-row"))
        shot("schedule")
        open_app(driver, server, "carfit")
        wait(driver, lambda d: len(cards(d)) > 0)
        one_by_role(driver, "button", "Calendar", exact=True).click()
        one_by_role(driver, "button", "September 11, 2020").click()
        wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, ".carfit-day-title")) == 2)
        shot("carfit")
        open_app(driver, server, "hoosets")
        wait(driver, lambda d: len(hoo_cells(d)) > 20)
        ActionChains(driver).move_to_element(hoo_cell(driver, "Rubies")).click().perform()
        wait(driver, lambda d: selected_title(d) == "Rubies")
        shot("hoosets")
        # The keyboard: Tab to the fourth Hoo, its focus ring.
        open_app(driver, server, "hoosets")
        wait(driver, lambda d: len(hoo_cells(d)) > 20)
        driver.find_element(By.TAG_NAME, "body").send_keys(Keys.TAB)
        for _ in range(5):
            active(driver).send_keys(Keys.TAB)
        shot("hoosets-keyboard")
        open_app(driver, server, "facts")
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "li.facts-row"))
        shot("facts")
        open_app(driver, server, "trivia")
        record = question(driver)
        choose(driver, record, correct=False)
        one_by_role(driver, "button", "Use wild-card", exact=True)
        shot("trivia")
        one_by_role(driver, "button", "Use wild-card", exact=True).click()
        choose(driver, question(driver), correct=True)
        wait(driver, lambda d: "You won!" in d.find_element(By.TAG_NAME, "body").text, timeout=40)
        shot("trivia-final")
    finally:
        driver.quit()
        server.stop()


if __name__ == "__main__":
    main()
