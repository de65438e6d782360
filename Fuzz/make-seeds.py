#!/usr/bin/env python3
"""Writes the committed seed corpora under Fuzz/Corpus/ (run from anywhere; deterministic).

Seeds are small (a few KiB at most) so that libFuzzer's default input length stays small and
mutations stay fast. They come from the package's own fixtures: the first Hoo set's JSON files
and entry layout (its images shrunk to a few bytes), the facts feed, the dates of the feeds.
"""
import io
import json
import os
import re
import struct
import zipfile
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, "Fuzz", "Corpus")
HOO_ZIP = os.path.join(ROOT, "Sources", "HooSets", "Resources", "HooSets", "01.zip")
FACTS = os.path.join(ROOT, "Sources", "Facts", "Resources", "facts.json")
SCHEDULE = os.path.join(ROOT, "Sources", "Schedule", "Resources", "schedule.json")
CARFIT = os.path.join(ROOT, "Sources", "CarFit", "Resources", "carfit.json")
ARTWORK = os.path.join(ROOT, "Sources", "HooSets", "Resources", "Artwork")
TRIVIA_PROTOCOL = os.path.join(ROOT, "Docs", "Trivia", "Protocol.md")
CONFORMANCE = os.path.join(ROOT, "Tests", "Conformance", "strict-json.txt")
FIXED_TIME = (2016, 4, 22, 6, 4, 0)


def write(target, name, data):
    folder = os.path.join(CORPUS, target)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, name), "wb") as file:
        file.write(data if isinstance(data, bytes) else data.encode())


class Unseekable(io.RawIOBase):
    """A stream zipfile cannot seek in, so it writes data descriptors like Archive Utility."""

    def __init__(self):
        self.buffer = bytearray()

    def writable(self):
        return True

    def write(self, data):
        self.buffer += data
        return len(data)


def info(name, method=zipfile.ZIP_DEFLATED, unix_mode=0o100644):
    entry = zipfile.ZipInfo(name, FIXED_TIME)
    entry.compress_type = method
    entry.create_system = 3
    entry.external_attr = unix_mode << 16
    return entry


def hoo_set_files():
    """The real set's small files, in its own order, with images replaced by 8-byte stubs."""
    files = []
    with zipfile.ZipFile(HOO_ZIP) as archive:
        for entry in archive.infolist()[:40]:
            if entry.is_dir():
                files.append((entry.filename, None))
            elif entry.filename.endswith(".png"):
                files.append((entry.filename, b"\x89PNG\r\n\x1a\n"))
            elif entry.filename.endswith(".DS_Store"):
                files.append((entry.filename, b"\x00" * 64))
            else:
                files.append((entry.filename, archive.read(entry)))
    return files


def build_zip(files, stream=False, zip64=False, comment=b""):
    target = Unseekable() if stream else io.BytesIO()
    with zipfile.ZipFile(target, "w") as archive:
        for name, data in files:
            if data is None:
                archive.writestr(info(name, zipfile.ZIP_STORED, 0o40755), b"")
                continue
            if zip64:
                with archive.open(info(name), "w", force_zip64=True) as entry:
                    entry.write(data)
            else:
                archive.writestr(info(name, zipfile.ZIP_DEFLATED if len(data) > 16 else zipfile.ZIP_STORED), data)
        archive.comment = comment
    return bytes(target.buffer if stream else target.getvalue())


def cp437_zip():
    """One stored entry named in code page 437 (no UTF-8 flag), as old Windows tools write."""
    name = "caf\x82.txt".encode("latin-1")  # 0x82 is é in CP437
    data = b"hello"
    crc = zlib.crc32(data)
    local = struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, 0, 0, 0, 0x4896, crc, 5, 5, len(name), 0) + name + data
    central = struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 20, 20, 0, 0, 0, 0x4896, crc, 5, 5, len(name), 0, 0, 0, 0, 0, 0) + name
    end = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, 1, 1, len(central), len(local), 0)
    return local + central + end


def zips():
    files = hoo_set_files()
    small = [f for f in files if not f[0].startswith("__MACOSX")][:8]
    seeds = {
        "real-layout-descriptors.zip": build_zip(files[:24], stream=True),
        "small-set.zip": build_zip(small),
        "zip64.zip": build_zip(small[:4], zip64=True),
        "comment.zip": build_zip(small[:3], comment=b"PK\x05\x06 a comment holding the end signature"),
        "cp437.zip": cp437_zip(),
        "empty.zip": build_zip([]),
        "one-stored.zip": build_zip([("a.txt", b"0123456789")]),
    }
    for target in ("ZipMemory", "ZipExtract"):
        for name, data in seeds.items():
            write(target, name, data)


def hoo_json():
    with zipfile.ZipFile(HOO_ZIP) as archive:
        set_file = archive.read("01/hoo_set.json")
        hoos = [archive.read(f"01/{n:02d}/hoo.json") for n in range(1, 5)]
    write("HooJSON", "real.json", set_file + b"#HOO#" + b"#HOO#".join(hoos))
    write("HooJSON", "one.json", set_file + b"#HOO#" + hoos[0])
    write("HooJSON", "lenient.json", b'{"color":" yellow ","count":"2"}#HOO#{"title":42,"PoemLine":null}#HOO#{"Title":"  "}')
    write("HooJSON", "utf16.json", '{"Color":"Blue","Count":1}'.encode("utf-16") + b"#HOO#" + '{"Title":"Éclair"}'.encode("utf-16-le"))
    write("HooJSON", "latin1.json", b'{"Color":"Green"}#HOO#{"Title":"Caf\xe9","PoemLine":"na\xefve"}')


def feeds():
    with open(FACTS, "rb") as file:
        facts = file.read()
    write("FeedJSON", "facts.json", facts)
    write("FeedJSON", "model.json", """{"title":" Feed ","updated":"2020-09-10T20:01:26.2182451","rows":[
{"title":"a","description":null,"imageHref":"http://x/y.png","visible":"yes","start":"2020-09-13T17:00:00Z","score":1.5,
 "children":[{"title":"b","visible":0}]},{"title":5},"x",{"title":"c","start":"TBD"}],"tags":["t",1,null],
"pinned":[{"title":"p","visible":"maybe"},{"title":"q"}]}""")
    write("FeedJSON", "utf16.json", '{"rows":[{"title":"é"}]}'.encode("utf-16"))
    write("FeedJSON", "cp1252.json", b'{"title":"caf\xe9 \x93quoted\x94","rows":[]}')
    write("FeedJSON", "html.json", b"<!DOCTYPE html><html><body>502 Bad Gateway</body></html>")

    selectors = {"none": 0, "utf8": 1, "utf16": 4, "latin1": 10, "cp1252": 12, "macroman": 14, "unknown": 16}
    samples = {
        "none": facts[:1200],
        "utf8": "{\"a\":\"héllo wörld ✓\"}".encode(),
        "utf16": "\ufeff{\"a\":\"é\"}".encode("utf-16-le"),
        "latin1": b'{"a":"\xe9t\xe9"}',
        "cp1252": b'{"a":"\x93x\x94 \x80 \x81"}',
        "macroman": b'{"a":"\x8e\xc9"}',
        "unknown": b"\xef\xbb\xbf{}",
    }
    for name, selector in selectors.items():
        write("TextNormalizer", f"{name}.bin", bytes([selector]) + samples[name])
    write("TextNormalizer", "utf32-sniffed.bin", bytes([0]) + '{"a":1}'.encode("utf-32-be"))


def dates():
    for index, text in enumerate([
        "2020-09-10T20:01:26.2182451", "2020-09-13T17:00:00Z", "2020-09-13", "2020-09-10T08:05:00",
        "2016-02-29T23:59:60+14:00", "1999-12-31 23:59:59.123456789-0530", "2024-01-01T24:00:00z", " 2020-01-01T00:00,5-01 ",
    ]):
        write("LenientDate", f"date-{index}.txt", text)


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))


def images():
    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 3, 2, 8, 6, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(b"\x00" + b"\xff" * 12 + b"\x00" + b"\x80" * 12)) + chunk(b"IEND", b"")
    write("ImageHeader", "tiny.png", png)
    write("ImageHeader", "header-only.png", png[:33])
    with open(os.path.join(ARTWORK, "border_pattern.png"), "rb") as file:
        write("ImageHeader", "artwork.png", file.read())
    gif = b"GIF89a" + struct.pack("<HHBBB", 2, 1, 0x80, 0, 0) + b"\x00\x00\x00\xff\xff\xff"
    gif += b"\x21\xf9\x04\x00\x00\x00\x00\x00" + b"\x2c" + struct.pack("<HHHHB", 0, 0, 2, 1, 0) + b"\x02\x02\x44\x01\x00\x3b"
    write("ImageHeader", "tiny.gif", gif)
    jpeg = b"\xff\xd8" + b"\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"
    jpeg += b"\xff\xc0\x00\x0b\x08" + struct.pack(">HH", 4, 3) + b"\x01\x01\x11\x00"
    jpeg += b"\xff\xda\x00\x08\x01\x01\x00\x00\x3f\x00" + b"\x12\x34\xff\x00\x56" + b"\xff\xd9"
    write("ImageHeader", "tiny.jpg", jpeg)
    vp8x = b"VP8X" + struct.pack("<I", 10) + b"\x00\x00\x00\x00" + (99).to_bytes(3, "little") + (49).to_bytes(3, "little")
    write("ImageHeader", "extended.webp", b"RIFF" + struct.pack("<I", 4 + len(vp8x)) + b"WEBP" + vp8x)
    bits = (7 - 1) | ((5 - 1) << 14)
    vp8l = b"VP8L" + struct.pack("<I", 5) + b"\x2f" + struct.pack("<I", bits) + b"\x00"
    write("ImageHeader", "lossless.webp", b"RIFF" + struct.pack("<I", 4 + len(vp8l)) + b"WEBP" + vp8l)
    write("ImageHeader", "html.bin", b"<!DOCTYPE html><html><body>Not Found</body></html>")


def carfit():
    with open(CARFIT, "rb") as file:
        feed = file.read()
    document = json.loads(feed)
    write("CarFitFeed", "first-three.json", json.dumps({**document, "data": document["data"][:3]}, indent=1))
    write("CarFitFeed", "bare-list.json", json.dumps(document["data"][:2]))
    write("CarFitFeed", "refused.json", '{"success":"false","message":"Token expired","code":401,"data":null}')
    # Found in CI (2026-11-28): a line break in the server's message split the error line.
    write("CarFitFeed", "refused-two-lines.json", '{"success":false,"message":"Tok\\n\\u00e1\\u001b[2J","code":401}')
    write("CarFitFeed", "broken-visit.json", json.dumps({"data": [document["data"][0], {"visitId": 5}, "x"]}))


def trivia():
    """Every JSON example of the protocol document, one seed each (both targets), and for the
    differential target every case of the strict-JSON conformance corpus as the frame the tests
    send (the value spliced into a ping, or the whole frame)."""
    with open(TRIVIA_PROTOCOL, encoding="utf-8") as file:
        text = file.read()
    blocks = re.findall(r"```json (client|server|ignored|malformed|tolerated)\n(.*?)```", text, re.S)
    for index, (kind, body) in enumerate(blocks):
        write("TriviaProtocol", f"{index:02d}-{kind}.json", body.strip())
        write("TriviaWire", f"doc-{index:02d}-{kind}.json", body.strip())
    with open(CONFORMANCE, encoding="utf-8") as file:
        lines = [line for line in file.read().split("\n") if line and not line.startswith("#")]
    for index, line in enumerate(lines):
        kind, _, value = line.split("\t", 2)
        raw = re.sub(rb"\\x([0-9A-Fa-f]{2})", lambda match: bytes([int(match.group(1), 16)]), value.encode())
        frame = raw if kind.startswith("frame") else b'{"id":"c-1","payload":{"nonce":"n"},"seq":1,"type":"ping","version":1,"x":' + raw + b"}"
        write("TriviaWire", f"corpus-{index:03d}-{kind}", frame)


def schedule_and_facts():
    with open(SCHEDULE, "rb") as file:
        document = json.loads(file.read())
    small = dict(document)
    small["GameSection"] = [dict(section, Game=section["Game"][:2]) for section in document["GameSection"]]
    small.pop("YinzNode", None)
    write("ScheduleFeed", "two-sections.json", json.dumps(small, indent=1))
    first = document["GameSection"][0]["Game"][0]
    write("ScheduleFeed", "one-game.json", json.dumps({"Team": document["Team"], "GameSection": {"Heading": "X", "Game": first}}))
    write("FactsFeed", "facts.json", open(FACTS, "rb").read())
    write("FactsFeed", "mac-roman.json", b'{"title":"Caf\x8e","rows":[{"title":"\xc9l\x8ean","description":null,"imageHref":"http://x/y.png"},{}]}')
    write("FactsFeed", "empty-rows.json", b'{"title":"t","rows":[{"title":null,"description":null,"imageHref":null},{"title":" a ","imageHref":"not a url"}]}')


def http_responses():
    """SocketHTTPResponse: a configuration byte (bit 0 HEAD, bits 1-3 the size limit, bit 4 every
    status acceptable), then what the server sends."""
    every, strict_2xx, head, limit_16 = 0x10, 0x00, 0x11, 0x10 | (3 << 1)

    def chunked(body, size=7, extension=b""):
        pieces = [body[i:i + size] for i in range(0, len(body), size)]
        return b"".join(b"%x%s\r\n%s\r\n" % (len(p), extension, p) for p in pieces) + b"0\r\n"

    text = b"hello, chunked world"
    facts = open(FACTS, "rb").read()[:1500]
    gzip_body = gzip_bytes(b"hello hello hello hello")
    deflate = zlib.compress(b"deflated body, zlib wrapper")
    raw = zlib.compressobj(9, zlib.DEFLATED, -15)
    raw_deflate = raw.compress(b"raw deflate, no wrapper") + raw.flush()
    seeds = {
        "length.http": (every, b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 5\r\n\r\nhello"),
        "chunked.http": (every, b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n" + chunked(text) + b"X-Trailer: 1\r\n\r\n"),
        "chunked-extensions.http": (
            every, b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n" + chunked(text, 5, b";name=value") + b"\r\n"),
        "chunked-feed.http": (
            every, b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
            + chunked(facts, 400) + b"\r\n"),
        "gzip.http": (every, b"HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Length: %d\r\n\r\n" % len(gzip_body) + gzip_body),
        "gzip-chunked.http": (
            every, b"HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nTransfer-Encoding: gzip, chunked\r\n\r\n"
            + chunked(gzip_body, 9) + b"\r\n"),
        "deflate.http": (every, b"HTTP/1.1 200 OK\r\nContent-Encoding: deflate\r\n\r\n" + deflate),
        "deflate-raw.http": (every, b"HTTP/1.1 200 OK\r\nContent-Encoding: deflate\r\nConnection: close\r\n\r\n" + raw_deflate),
        "continue.http": (every, b"HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </a>\r\n\r\n"
                          b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"),
        "head.http": (head, b"HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n"),
        "no-content.http": (every, b"HTTP/1.1 204 No Content\r\nContent-Length: 3\r\n\r\n"),
        "not-modified.http": (every, b'HTTP/1.1 304 Not Modified\r\nETag: "feed-1"\r\nCache-Control: max-age=0\r\n\r\n'),
        "until-close.http": (every, b"HTTP/1.0 200 OK\r\nContent-Type: text/plain\r\n\r\nthe body runs to the end"),
        "too-large.http": (limit_16, b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n" + chunked(text * 2) + b"\r\n"),
        "redirect.http": (every, b"HTTP/1.1 301 Moved Permanently\r\nLocation: /other\r\nContent-Length: 0\r\n\r\n"),
        "lenient-lines.http": (every, b"HTTP/1.1 200 OK\nX-Folded: a\n  b\nContent-Length: 2\n\nok"),
        "retry-after.http": (strict_2xx, b"HTTP/1.1 503 Service Unavailable\r\nRetry-After: 120\r\nContent-Length: 11\r\n\r\nmaintenance"),
        "repeated-length.http": (every, b"HTTP/1.1 200 OK\r\nContent-Length: 4\r\nContent-Length: 4\r\n\r\nsame"),
        "cut.http": (every, b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n10\r\nonly part"),
        # Found by this target (2026-11-28): a signed chunk size was read as a negative count.
        "regression-negative-chunk-size.http": (
            every, b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n7\r\nhello, \r\n-17\r\nchunked\r\n0\r\n\r\n"),
    }
    for name, (configuration, response) in seeds.items():
        write("SocketHTTPResponse", name, bytes([configuration]) + response)


def gzip_bytes(data):
    """gzip with a fixed header (no time, no name), so the seeds do not change between runs."""
    compressor = zlib.compressobj(9, zlib.DEFLATED, 31)
    return compressor.compress(data) + compressor.flush()


if __name__ == "__main__":
    http_responses()
    schedule_and_facts()
    images()
    carfit()
    trivia()
    zips()
    hoo_json()
    feeds()
    dates()
