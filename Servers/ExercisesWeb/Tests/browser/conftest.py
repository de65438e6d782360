"""Fixtures of the browser tests (Docs/Web.md, "What is tested"): the real `exercises-web` binary
on a free port, a loopback feed server that records which images are requested, and headless
Chromium driven through chromedriver with real mouse, touch and keyboard input."""

import base64
import copy
import datetime
import http.server
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE = os.path.abspath(os.path.join(HERE, "..", ".."))
# A 1×1 PNG: the feed server's every image.
PIXEL = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="
)
FACT_ROWS = 40


REPOSITORY = os.path.abspath(os.path.join(PACKAGE, "..", ".."))
sys.path.insert(0, os.path.join(REPOSITORY, ".ci"))
import a11y  # noqa: E402  (the a11y stage's browser and axe options, shared)


class FeedServer:
    """A loopback server for the feeds and images the tests name with `--feed` and `--logo-base`.

    - `/facts.json`: 40 rows, each naming an image here (`/img/N.png`); `images()` is the set of
      rows whose image was requested. The n-th request's title is "Loopback facts #n"; every one
      after the first waits `slow_feed` seconds (a refresh the test slows down).
    - `/logos/nfl_XXX_light.png`: a team's logo; `logo_requests` counts each path.
    - `/carfit.json`: the bundled CarFit sample with its days moved so that its first day is
      today (UTC), and one more visit today in each response after the first (the n-th response
      has n - 1 more), each of those waiting `slow_carfit` seconds; with `carfit_status` other
      than 200, that status and no body.
    """

    def __init__(self):
        self.requested = []
        self.feed_requests = 0
        self.slow_feed = 0.0
        self.logo_requests = {}
        self.carfit_requests = 0
        self.slow_carfit = 0.0
        self.carfit_status = 200
        self.lock = threading.Lock()
        owner = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_GET(self):
                path = self.path.split("?", 1)[0]
                kind = "application/json"
                if path == "/facts.json":
                    with owner.lock:
                        owner.feed_requests += 1
                        count = owner.feed_requests
                        delay = owner.slow_feed if count > 1 else 0
                    time.sleep(delay)
                    body = json.dumps(owner.feed(count)).encode()
                elif path == "/carfit.json":
                    with owner.lock:
                        owner.carfit_requests += 1
                        count = owner.carfit_requests
                        delay = owner.slow_carfit if count > 1 else 0
                        status = owner.carfit_status
                    time.sleep(delay)
                    if status != 200:
                        self.send_response(status)
                        self.send_header("Content-Length", "0")
                        self.end_headers()
                        return
                    body = json.dumps(owner.carfit(extra=count - 1)).encode()
                elif path.startswith("/img/"):
                    with owner.lock:
                        owner.requested.append(int(path[5:].split(".")[0]))
                    body, kind = PIXEL, "image/png"
                elif path.startswith("/logos/"):
                    with owner.lock:
                        owner.logo_requests[path] = owner.logo_requests.get(path, 0) + 1
                    body, kind = PIXEL, "image/png"
                else:
                    self.send_response(404)
                    self.send_header("Content-Length", "9")
                    self.end_headers()
                    self.wfile.write(b"not found")
                    return
                self.send_response(200)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.httpd.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}"
        with open(os.path.join(REPOSITORY, "Sources", "CarFit", "Resources", "carfit.json")) as sample:
            self.carfit_sample = json.load(sample)
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def feed(self, number=1):
        rows = [
            {
                "title": f"Fact {i}",
                "description": "A row long enough to wrap over a few lines at a phone's width, so rows differ in height. " * (1 + i % 3),
                "imageHref": f"{self.url}/img/{i}.png",
            }
            for i in range(FACT_ROWS)
        ]
        return {"title": f"Loopback facts #{number}", "rows": rows}

    def carfit(self, extra):
        today = datetime.datetime.now(datetime.timezone.utc).date()
        shift = (today - datetime.date(2020, 9, 10)).days

        def moved(stamp):
            day = datetime.date.fromisoformat(stamp[:10]) + datetime.timedelta(days=shift)
            return day.isoformat() + stamp[10:]

        sample = copy.deepcopy(self.carfit_sample)
        visits = sample["data"]
        for visit in visits:
            visit["startTimeUtc"] = moved(visit["startTimeUtc"])
            visit["endTimeUtc"] = moved(visit["endTimeUtc"])
        first = visits[0]
        for n in range(extra):
            visit = copy.deepcopy(first)
            visit["visitId"] = f"00000000-0000-4000-8000-{n + 1:012d}"
            visit["houseOwnerFirstName"] = f"Refreshed{n + 1}"
            visit["startTimeUtc"] = first["startTimeUtc"][:11] + f"{14 + n:02d}:00:00"
            visit["endTimeUtc"] = first["startTimeUtc"][:11] + f"{14 + n:02d}:30:00"
            visits.append(visit)
        return sample

    def images(self):
        with self.lock:
            return set(self.requested)

    def logos(self):
        with self.lock:
            return dict(self.logo_requests)


def binary():
    path = os.environ.get("EXERCISES_WEB_BIN") or os.path.join(PACKAGE, ".build", "debug", "exercises-web")
    if not os.path.exists(path):
        pytest.exit(f"{path} is missing: build it first (swift build --package-path Servers/ExercisesWeb)", returncode=2)
    return path


class Server:
    def __init__(self, *arguments):
        self.cache = tempfile.mkdtemp(prefix="exercises-web-test-")
        self.process = subprocess.Popen(
            [binary(), "--port", "0", "--cache-dir", self.cache, "--time-zone", "UTC", "--locale", "en_US", *arguments],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        line = self.process.stdout.readline().strip()
        assert line.startswith("listening on http://"), f"first line: {line!r}; stderr: {self.process.stderr.read()}"
        self.url = line[len("listening on ") :]
        threading.Thread(target=self.process.stdout.read, daemon=True).start()
        threading.Thread(target=self.process.stderr.read, daemon=True).start()

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        shutil.rmtree(self.cache, ignore_errors=True)


@pytest.fixture(scope="session")
def feeds():
    server = FeedServer()
    yield server
    server.httpd.shutdown()


# Short Trivia competitions, so that a test plays one in about 40 s: one starts when the first
# tab arrives and opens 10 s later (every tab arriving meanwhile plays it), 2 questions of 8 s,
# results shown 5 s.
TRIVIA = (
    "--trivia-lobby", "10", "--trivia-questions", "2", "--trivia-seconds", "8", "--trivia-review-seconds", "5",
)


@pytest.fixture(scope="session")
def server(feeds):
    running = Server("--feed", f"facts={feeds.url}/facts.json", "--logo-base", f"{feeds.url}/logos/", *TRIVIA)
    yield running
    running.stop()


@pytest.fixture(scope="session")
def high_contrast_server(feeds):
    running = Server("--contrast", "high", "--feed", f"facts={feeds.url}/facts.json", "--logo-base", f"{feeds.url}/logos/", *TRIVIA)
    yield running
    running.stop()


@pytest.fixture(scope="session")
def carfit_feed_server(feeds):
    """CarFit from the loopback feed (today's visits, a slow refresh that brings new ones)."""
    running = Server("--feed", f"carfit={feeds.url}/carfit.json", *TRIVIA)
    yield running
    running.stop()


def make_driver(width=390, height=844, language=None, time_zone=None):
    """The a11y stage's Chromium (.ci/a11y.py: Debian's, headless, a viewport of exactly `width`
    x `height`, the iPhone 14's points, set through DevTools and checked). With `language`
    (`de-DE`) and `time_zone` (`America/New_York`) it is a foreign browser: its Accept-Language,
    `navigator.languages`, `Intl` and clock say so."""
    flags = ("--disable-dev-shm-usage",) + ((f"--lang={language}",) if language else ())
    prefs = {"intl.accept_languages": f"{language},{language.split('-')[0]}"} if language else None
    driver = a11y.chromium(width, height, flags=flags, prefs=prefs)
    if language:
        driver.execute_cdp_cmd("Emulation.setLocaleOverride", {"locale": language})
    if time_zone:
        driver.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": time_zone})
    driver.set_script_timeout(60)
    return driver


@pytest.fixture
def browser():
    driver = make_driver()
    yield driver
    driver.quit()
