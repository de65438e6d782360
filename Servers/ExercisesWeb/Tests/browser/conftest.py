"""Fixtures of the browser tests (Docs/Web.md, "What is tested"): the real `exercises-web` binary
on a free port, a loopback feed server that records which images are requested, and headless
Chromium driven through chromedriver with real mouse, touch and keyboard input."""

import base64
import http.server
import json
import os
import shutil
import subprocess
import tempfile
import threading
import time

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE = os.path.abspath(os.path.join(HERE, "..", ".."))
# A 1×1 PNG: the feed server's every image.
PIXEL = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="
)
FACT_ROWS = 40


class FeedServer:
    """Serves facts.json (40 rows, each naming an image on this server) and the images, and
    records every image path requested. `slow_feed` delays the feed after its first request,
    so that a refresh is still running while the test looks at the list."""

    def __init__(self):
        self.requested = []
        self.feed_requests = 0
        self.slow_feed = 0.0
        self.lock = threading.Lock()
        owner = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_GET(self):
                if self.path == "/facts.json":
                    with owner.lock:
                        owner.feed_requests += 1
                        delay = owner.slow_feed if owner.feed_requests > 1 else 0
                    time.sleep(delay)
                    body = json.dumps(owner.feed()).encode()
                    self.send_response(200)
                    self.send_header("Content-Type", "application/json")
                elif self.path.startswith("/img/"):
                    with owner.lock:
                        owner.requested.append(int(self.path[5:].split(".")[0]))
                    body = PIXEL
                    self.send_response(200)
                    self.send_header("Content-Type", "image/png")
                else:
                    body = b"not found"
                    self.send_response(404)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.httpd.server_address[1]
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def feed(self):
        rows = [
            {
                "title": f"Fact {i}",
                "description": "A row long enough to wrap over a few lines at a phone's width, so rows differ in height. " * (1 + i % 3),
                "imageHref": f"http://127.0.0.1:{self.port}/img/{i}.png",
            }
            for i in range(FACT_ROWS)
        ]
        return {"title": "Loopback facts", "rows": rows}

    def images(self):
        with self.lock:
            return set(self.requested)


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


@pytest.fixture(scope="session")
def server(feeds):
    running = Server(
        "--feed", f"facts=http://127.0.0.1:{feeds.port}/facts.json",
        "--trivia-lobby", "20", "--trivia-seconds", "15", "--trivia-review-seconds", "4",
        "--trivia-questions", "2", "--trivia-every", "20",
    )
    yield running
    running.stop()


@pytest.fixture(scope="session")
def high_contrast_server():
    running = Server("--contrast", "high", "--trivia-lobby", "30")
    yield running
    running.stop()


def make_driver(width=390, height=844):
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", f"--window-size={width},{height}"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(shutil.which("chromedriver") or "/usr/bin/chromedriver")
    driver = webdriver.Chrome(options=options, service=service)
    driver.set_window_size(width, height)
    return driver


@pytest.fixture
def browser():
    driver = make_driver()
    yield driver
    driver.quit()
