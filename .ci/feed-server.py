#!/usr/bin/env python3
"""A loopback HTTP server for the bundled feeds, so CI can render a saved screen offline.

    python3 .ci/feed-server.py DIR PORT_FILE

Serves the files of DIR on 127.0.0.1 (a free port, written to PORT_FILE once listening) with an
ETag and `Cache-Control: max-age=0`: the command saves each feed, asks the network again on
the next run, and with this server stopped shows the saved copy marked "Offline" (issue 31).
Runs until it is killed.
"""

import hashlib
import http.server
import pathlib
import sys


def main():
    root, port_file = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])

    class Feeds(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            path = (root / self.path.lstrip("/").split("?")[0]).resolve()
            if root.resolve() not in path.parents or not path.is_file():
                self.send_error(404)
                return
            body = path.read_bytes()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.send_header("ETag", '"' + hashlib.sha256(body).hexdigest()[:16] + '"')
            self.send_header("Cache-Control", "max-age=0")
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *arguments):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Feeds)
    port_file.write_text(str(server.server_address[1]))
    server.serve_forever()


if __name__ == "__main__":
    main()
