"""A record file read in bounded memory: gzip streamed, at most 64 MB of decoded text.

A record is untrusted input: a 1 MB gzip bomb, `/dev/zero` or one endless JSON line
must cost a bounded amount of memory and end as a problem of that file, so the
reader counts every decoded byte and stops one byte past the bound.
"""

from __future__ import annotations

import gzip
import io
import os
import zlib
from typing import BinaryIO

from .model import RecordError

LIMIT = 64 * 1024 * 1024  # decoded bytes per record file
GZIP_MAGIC = b"\x1f\x8b"
HEAD = 4096  # bytes looked at to tell the format


class Broken(RecordError):
    """The file's bytes stop part way (broken gzip data, a read error): what was read before
    the break can still be read."""


class TooLarge(RecordError):
    """The decoded file passes LIMIT."""

    def __init__(self) -> None:
        super().__init__(
            f"larger than {LIMIT // (1024 * 1024)} MB once decompressed; the "
            "rest of the file is not read"
        )


def display_name(path: str | os.PathLike[str] | bytes) -> str:
    """A file name as text that any output can hold: bytes that are not UTF-8 become
    U+FFFD, as in every other name and line mjscore reads (the path itself is kept, so the
    file still opens)."""
    return os.fsencode(path).decode("utf-8", "replace")


class _Rejoined(io.RawIOBase):
    """The bytes already read to look at the magic, then the rest of the stream."""

    def __init__(self, head: bytes, rest: BinaryIO) -> None:
        self._head, self._rest = head, rest
        # one read of the source at a time: a pipe's bytes as they come, not a full buffer
        self._read_some = getattr(rest, "read1", rest.read)

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        if self._head:
            n = min(len(buffer), len(self._head))
            buffer[:n], self._head = self._head[:n], self._head[n:]
            return n
        data = self._read_some(len(buffer))
        buffer[: len(data)] = data
        return len(data)


class RecordReader:
    """The decoded bytes of one record file, read no further than LIMIT."""

    def __init__(self, raw: BinaryIO) -> None:
        magic = raw.read(2)
        stream: io.BufferedIOBase = io.BufferedReader(_Rejoined(magic, raw))
        self.compressed = magic == GZIP_MAGIC
        if self.compressed:
            stream = gzip.GzipFile(fileobj=stream, mode="rb")
        self._stream = stream
        self._used = 0
        self._pending = b""

    def _read(self, size: int, some: bool = False) -> bytes:
        """Up to `size` bytes: all of them (or the end), or with `some` what one read of
        the source gives (a pipe's lines as they come, not after a megabyte of them)."""
        try:
            data = self._stream.read1(size) if some else self._stream.read(size)
        except (EOFError, zlib.error, gzip.BadGzipFile) as exc:
            raise Broken(_gzip_why(exc)) from None
        except OSError as exc:
            raise Broken(f"cannot read: {exc.strerror or 'input/output error'}") from None
        self._used += len(data)
        if self._used > LIMIT:
            raise TooLarge
        return data

    def head(self) -> bytes:
        """The first bytes (kept: the next read starts with them again)."""
        self._pending = self._read(HEAD)
        return self._pending

    def read_all(self) -> bytes:
        """Everything (TooLarge past LIMIT), 256 KB at a time: one read of the whole bound
        had the buffered reader set 64 MB aside for every file (0.5 ms a file)."""
        parts, self._pending = [self._pending], b""
        while piece := self._read(min(1 << 18, LIMIT + 1 - self._used)):
            parts.append(piece)
        return b"".join(parts)

    def read_until_broken(self) -> tuple[bytes, Broken | None]:
        """Everything, or what came before a break (a gzip file cut short) and the break:
        read a piece at a time, so that the pieces before the break are kept (TooLarge
        past LIMIT)."""
        parts, self._pending = [self._pending], b""
        try:
            while piece := self._read(min(1 << 16, LIMIT + 1 - self._used), some=True):
                parts.append(piece)
        except Broken as exc:
            return b"".join(parts), exc
        return b"".join(parts), None

    def lines(self):
        """Line after line (`\\n` kept), each read as it comes, none past LIMIT."""
        buf, start, parts = self._pending, 0, []
        self._pending = b""
        while True:
            cut = buf.find(b"\n", start)
            if cut >= 0:
                parts.append(buf[start : cut + 1])
                yield parts[0] if len(parts) == 1 else b"".join(parts)
                parts, start = [], cut + 1
                continue
            if start < len(buf):
                parts.append(buf[start:])
            buf, start = self._read(min(1 << 20, LIMIT + 1 - self._used), some=True), 0
            if not buf:
                if parts:
                    yield b"".join(parts)
                return


def _gzip_why(exc: Exception) -> str:
    if isinstance(exc, EOFError):
        return "broken gzip data: the compressed file ends before its end marker"
    if isinstance(exc, gzip.BadGzipFile):
        return "broken gzip data: the header is not a gzip header"
    return "broken gzip data: the compressed stream is corrupt"
