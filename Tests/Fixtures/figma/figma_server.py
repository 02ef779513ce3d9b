#!/usr/bin/env python3
"""The Figma REST API's GET /v1/files/:key, on the loopback interface, for the tests of
`higlint figma pull`: it serves recorded file responses and, on request, each fault the
pull must live through.

    figma_server.py --token TOKEN --file KEY=PATH [--file KEY=PATH...]

Prints `READY PORT` once it listens on 127.0.0.1:PORT. Then reads commands on stdin, one a
line, each answered `ok` (or `error ...`) on stdout:

    fault KEY F [F...]   queue faults for KEY's next requests, one each, in order:
                         401, 403, 404, 500, 503, `429:SECONDS` (with Retry-After),
                         `slow:SECONDS` (the answer after a delay), `cut` (the connection
                         closed halfway through the body), `short` (half a body, its length
                         as sent: whole HTTP, broken JSON), `echo` (a 403 whose reason holds
                         the token the request sent), `redirect` (a 302 to another host)
    version KEY V        answer KEY with `"version": "V"` from now on
    down / up            refuse connections (the port closed) / listen again on it

Each request is also a line on stdout, `received KEY FAULT` as it comes (`-` for none) and `request KEY ANSWER`
once answered (`request KEY 200`, `request KEY slow`); a request whose X-Figma-Token is not
TOKEN gets Figma's 403.
The token is never printed. Recorded error bodies are Figma's own answers.
"""

import argparse
import http.server
import json
import re
import socket
import sys
import threading
import time

ERRORS = {
    401: {"status": 401, "err": "Unauthorized"},
    403: {"status": 403, "err": "Invalid token"},
    404: {"status": 404, "err": "Not found"},
    429: {"status": 429, "err": "Rate limit exceeded"},
    500: {"status": 500, "err": "Internal server error"},
    503: {"status": 503, "err": "Service unavailable"},
}

VERSION = re.compile(rb'"version"\s*:\s*"[^"]*"')

lock = threading.Lock()
out_lock = threading.Lock()


def say(line):
    with out_lock:
        sys.stdout.write(line + "\n")
        sys.stdout.flush()


class State:
    def __init__(self, token, files):
        self.token = token
        self.files = files  # key -> bytes
        self.faults = {}  # key -> [fault]
        self.versions = {}  # key -> version
        self.down = False

    def body(self, key):
        data = self.files[key]
        version = self.versions.get(key)
        if version is None:
            return data
        matches = list(VERSION.finditer(data))
        if not matches:
            return data
        last = matches[-1]  # the file's own: the top-level members come after the document
        return data[: last.start()] + b'"version": "' + version.encode() + b'"' + data[last.end():]


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    state = None

    def log_message(self, *args):
        pass

    def send_json(self, status, obj, headers=()):
        body = json.dumps(obj).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        match = re.fullmatch(r"/v1/files/([A-Za-z0-9]+)", self.path.split("?")[0])
        if not match:
            self.send_json(404, ERRORS[404])
            say("request ? 404")
            return
        key = match.group(1)
        state = self.state
        if state.down:
            # A connection kept alive from before `down` is closed unanswered, as a server
            # going away closes it.
            self.close_connection = True
            self.connection.shutdown(socket.SHUT_RDWR)
            return
        sent = self.headers.get("X-Figma-Token")
        with lock:
            queue = state.faults.get(key) or []
            fault = queue.pop(0) if queue else None
        say("received %s %s" % (key, fault or "-"))
        if fault == "echo":
            # What a careless server might do: the reason quotes the token it was sent.
            self.send_json(403, {"status": 403, "err": "Invalid token %s" % sent})
            say("request %s echo" % key)
            return
        if sent != state.token:
            self.send_json(403, ERRORS[403])
            say("request %s bad-token" % key)
            return
        if key not in state.files:
            self.send_json(404, ERRORS[404])
            say("request %s 404" % key)
            return
        if fault is None:
            self.send_file(state.body(key))
            say("request %s 200" % key)
            return
        kind, _, argument = fault.partition(":")
        if kind in ("401", "403", "404", "500", "503"):
            self.send_json(int(kind), ERRORS[int(kind)])
        elif kind == "429":
            self.send_json(429, ERRORS[429], [("Retry-After", argument or "1")])
        elif kind == "slow":
            time.sleep(float(argument or "5"))
            try:
                self.send_file(state.body(key))
            except OSError:
                pass  # the client gave up, as it should have
        elif kind == "cut":
            body = state.body(key)
            self.send_response(200)
            self.send_header("Content-Type", "application/json; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body[: len(body) // 2])
            self.wfile.flush()
            self.close_connection = True
            self.connection.shutdown(socket.SHUT_RDWR)
        elif kind == "short":
            self.send_file(state.body(key)[: len(state.body(key)) // 2])
        elif kind == "redirect":
            self.send_response(302)
            self.send_header("Location", "http://198.51.100.7/v1/files/%s" % key)
            self.send_header("Content-Length", "0")
            self.end_headers()
        say("request %s %s" % (key, kind))

    def send_file(self, body):
        self.send_response(200)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--token", required=True)
    parser.add_argument("--file", action="append", default=[], help="KEY=PATH")
    options = parser.parse_args()
    files = {}
    for entry in options.file:
        key, _, path = entry.partition("=")
        with open(path, "rb") as f:
            files[key] = f.read()
    Handler.state = State(options.token, files)
    server = Server(("127.0.0.1", 0), Handler)
    port = server.server_address[1]
    serving = threading.Thread(target=server.serve_forever, daemon=True)
    serving.start()
    say("READY %d" % port)
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        command = words[0]
        if command == "fault" and len(words) >= 3:
            with lock:
                Handler.state.faults.setdefault(words[1], []).extend(words[2:])
            say("ok")
        elif command == "version" and len(words) == 3:
            with lock:
                Handler.state.versions[words[1]] = words[2]
            say("ok")
        elif command == "down":
            Handler.state.down = True
            server.shutdown()
            server.server_close()
            say("ok")
        elif command == "up":
            Handler.state.down = False
            server = Server(("127.0.0.1", port), Handler)
            serving = threading.Thread(target=server.serve_forever, daemon=True)
            serving.start()
            say("ok")
        else:
            say("error unknown command %r" % command)
    server.shutdown()


if __name__ == "__main__":
    main()
