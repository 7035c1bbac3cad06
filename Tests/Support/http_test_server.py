#!/usr/bin/env python3
"""The HTTP server the remote-input tests fetch from: bound to 127.0.0.1 on a free port,
printed on stdout once listening. Every request is logged as one JSON line to --log (target,
Host, conditional headers, the status answered), so that tests count what reached it; a request
for another host (an absolute URI, as a proxy receives it, or CONNECT) is logged too, with
"proxied": true, and refused: pointed to as http_proxy/https_proxy, the server catches any
request vitrine would send elsewhere.

Routes (GET):
  /files/NAME                 NAME from --root, with ETag and Last-Modified; 304 when current
  /slow/SECONDS/NAME          the same after SECONDS (logged on arrival, status 0)
  /flaky/N/NAME               500 to the first N requests for this path, then the file
  /status/CODE/ANY            CODE, with a short HTML body
  /huge/MEGABYTES             zeros, with Content-Length (never held in memory)
  /huge-chunked/MEGABYTES     zeros, chunked: no Content-Length
  /drip/SECONDS/BYTES         BYTES zeros with Content-Length, spread evenly over SECONDS (a slow server)
  /redirect-to/ENCODED        302 to the percent-decoded ENCODED
  /redirects/N/NAME           N redirects in a row, then the file
  /html/NAME                  an HTML page served as image/jpeg
Anything else is 404.
"""
import argparse, email.utils, hashlib, http.server, json, os, socketserver, sys, threading, time, urllib.parse

parser = argparse.ArgumentParser()
parser.add_argument("--root", required=True)
parser.add_argument("--log", required=True)
arguments = parser.parse_args()
log_lock = threading.Lock()
counts = {}
counts_lock = threading.Lock()
CHUNK = b"\0" * 65536


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def record(self, status, proxied=False):
        entry = {"method": self.command, "target": self.path, "host": self.headers.get("Host"), "status": status,
                 "ifNoneMatch": self.headers.get("If-None-Match"), "ifModifiedSince": self.headers.get("If-Modified-Since"),
                 "proxied": proxied}
        with log_lock, open(arguments.log, "a") as log:
            log.write(json.dumps(entry) + "\n")

    def answer(self, status, body=b"", headers=(), logged=False):
        if not logged:
            self.record(status)
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def do_CONNECT(self):
        self.record(502, proxied=True)
        self.send_response(502)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def do_GET(self):
        if not self.path.startswith("/"):
            self.record(502, proxied=True)
            self.send_response(502)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        parts = self.path.split("?")[0].split("/")[1:]
        route = parts[0] if parts else ""
        try:
            if route == "files" and len(parts) == 2:
                return self.file(parts[1])
            if route == "slow" and len(parts) == 3:
                self.record(0)  # the client may be gone before the answer
                time.sleep(float(parts[1]))
                return self.file(parts[2], logged=True)
            if route == "flaky" and len(parts) == 3:
                with counts_lock:
                    counts[self.path] = counts.get(self.path, 0) + 1
                    seen = counts[self.path]
                if seen <= int(parts[1]):
                    return self.answer(500, b"<html><body>try again</body></html>", [("Content-Type", "text/html")])
                return self.file(parts[2])
            if route == "status" and len(parts) >= 2:
                return self.answer(int(parts[1]), b"<html><body>status</body></html>", [("Content-Type", "text/html")])
            if route in ("huge", "huge-chunked") and len(parts) == 2:
                return self.huge(int(parts[1]) << 20, chunked=route == "huge-chunked")
            if route == "drip" and len(parts) == 3:
                return self.drip(float(parts[1]), int(parts[2]))
            if route == "redirect-to" and len(parts) >= 2:
                location = urllib.parse.unquote("/".join(parts[1:]))
                return self.answer(302, b"", [("Location", location)])
            if route == "redirects" and len(parts) == 3:
                left = int(parts[1])
                target = "/files/" + parts[2] if left <= 1 else "/redirects/%d/%s" % (left - 1, parts[2])
                return self.answer(302, b"", [("Location", target)])
            if route == "html" and len(parts) == 2:
                page = b"<!doctype html><html><head><title>Not a photo</title></head><body><p>Sign in to see this photo.</p></body></html>"
                return self.answer(200, page, [("Content-Type", "image/jpeg")])
        except (BrokenPipeError, ConnectionResetError):
            return
        self.answer(404, b"<html><body>not found</body></html>", [("Content-Type", "text/html")])

    def file(self, name, logged=False):
        path = os.path.join(arguments.root, os.path.basename(name))
        if not os.path.isfile(path):
            return self.answer(404, b"not found", logged=logged)
        with open(path, "rb") as handle:
            body = handle.read()
        etag = '"%s"' % hashlib.sha1(body).hexdigest()[:16]
        modified = email.utils.formatdate(int(os.path.getmtime(path)), usegmt=True)
        headers = [("ETag", etag), ("Last-Modified", modified), ("Content-Type", "application/octet-stream")]
        if self.headers.get("If-None-Match") == etag or (
                self.headers.get("If-None-Match") is None and self.headers.get("If-Modified-Since") == modified):
            if not logged:
                self.record(304)
            self.send_response(304)
            for header in headers[:2]:
                self.send_header(*header)
            self.end_headers()
            return
        self.answer(200, body, headers, logged)

    def huge(self, size, chunked):
        self.record(200)
        self.send_response(200)
        self.send_header("Content-Type", "image/jpeg")
        if chunked:
            self.send_header("Transfer-Encoding", "chunked")
        else:
            self.send_header("Content-Length", str(size))
        self.end_headers()
        try:
            for _ in range(size // len(CHUNK)):
                if chunked:
                    self.wfile.write(b"%x\r\n" % len(CHUNK) + CHUNK + b"\r\n")
                else:
                    self.wfile.write(CHUNK)
            if chunked:
                self.wfile.write(b"0\r\n\r\n")
        except (BrokenPipeError, ConnectionResetError):
            pass

    def drip(self, seconds, size):
        self.record(200)  # on arrival: the client may be gone before the end
        self.send_response(200)
        self.send_header("Content-Type", "image/jpeg")
        self.send_header("Content-Length", str(size))
        self.end_headers()
        steps = max(1, int(seconds * 4))
        sent = 0
        try:
            for step in range(1, steps + 1):
                self.wfile.write(b"\0" * (size * step // steps - sent))
                self.wfile.flush()
                sent = size * step // steps
                if step < steps:
                    time.sleep(seconds / steps)
        except (BrokenPipeError, ConnectionResetError):
            pass


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


server = Server(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()
