"""Read files from a git directory (bare mirror or clone) without a checkout."""
from __future__ import annotations

import subprocess
from functools import lru_cache


class Repo:
    def __init__(self, path: str):
        self.path = path

    def _git(self, *args: str) -> str:
        r = subprocess.run(["git", "-C", self.path, *args], capture_output=True, text=True,
                           encoding="utf-8", errors="replace")
        if r.returncode != 0:
            raise FileNotFoundError(f"git {' '.join(args)}: {r.stderr.strip()}")
        return r.stdout

    @lru_cache(maxsize=None)
    def commit(self, ref: str) -> str:
        return self._git("rev-parse", f"{ref}^{{commit}}").strip()

    def show(self, ref: str, path: str) -> str:
        return self._git("show", f"{ref}:{path}")

    def ls(self, ref: str, path: str) -> list[str]:
        """Names (not paths) of the entries of a directory at ref; [] when absent."""
        try:
            out = self._git("ls-tree", "--name-only", f"{ref}:{path}")
        except FileNotFoundError:
            return []
        return out.split()

    def ls_recursive(self, ref: str, path: str) -> list[str]:
        try:
            return self._git("ls-tree", "-r", "--name-only", ref, "--", path).split("\n")
        except FileNotFoundError:
            return []

    def grep(self, ref: str, args: list[str], paths: list[str]) -> str:
        r = subprocess.run(["git", "-C", self.path, "grep", *args, ref, "--", *paths],
                           capture_output=True, text=True, encoding="utf-8", errors="replace")
        return r.stdout   # exit code 1 = no match

    def cat_many(self, ref: str, paths: list[str]) -> dict[str, str]:
        """Read many blobs with one `git cat-file --batch` process."""
        if not paths:
            return {}
        req = "".join(f"{ref}:{p}\n" for p in paths).encode()
        r = subprocess.run(["git", "-C", self.path, "cat-file", "--batch"], input=req, capture_output=True)
        data, out, pos = r.stdout, {}, 0
        for p in paths:
            nl = data.index(b"\n", pos)
            header = data[pos:nl].split()
            pos = nl + 1
            if len(header) < 3 or header[1] == b"missing":
                continue
            size = int(header[2])
            out[p] = data[pos:pos + size].decode("utf-8", "replace")
            pos += size + 1
        return out
