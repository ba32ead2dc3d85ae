"""Read files of one ref from a bare MindSpore git mirror (no work tree needed)."""
from __future__ import annotations

import fnmatch
import subprocess


class GitRef:
    def __init__(self, repo: str, ref: str):
        self.repo = repo
        self.ref = ref
        self.commit = self._git('rev-parse', f'{ref}^{{commit}}').strip()
        self.date = self._git('log', '-1', '--format=%cs', self.commit).strip()
        self._files: list[str] | None = None
        self._cache: dict[str, str] = {}

    def _git(self, *args: str, check: bool = True) -> str:
        r = subprocess.run(['git', '-C', self.repo, *args], capture_output=True, text=True,
                           errors='replace')
        if check and r.returncode not in (0, 1):
            raise RuntimeError(f'git {" ".join(args)}: {r.stderr.strip()[:300]}')
        return r.stdout

    def files(self) -> list[str]:
        if self._files is None:
            out = self._git('ls-tree', '-r', '--name-only', self.commit, '--', 'mindspore')
            self._files = sorted(out.splitlines())
        return self._files

    def glob(self, *patterns: str) -> list[str]:
        return [f for f in self.files() if any(fnmatch.fnmatchcase(f, p) for p in patterns)]

    def grep_l(self, pattern: str, *pathspecs: str, extended: bool = False) -> list[str]:
        args = ['grep', '-l']
        if extended:
            args.append('-E')
        out = self._git(*args, pattern, self.commit, '--', *pathspecs)
        pre = self.commit + ':'
        return sorted(line[len(pre):] if line.startswith(pre) else line for line in out.splitlines())

    def read(self, path: str) -> str:
        if path not in self._cache:
            self._cache[path] = self._git('show', f'{self.commit}:{path}')
        return self._cache[path]

    def read_many(self, paths: list[str]) -> dict[str, str]:
        """Batch read through one ``git cat-file --batch`` process."""
        todo = [p for p in paths if p not in self._cache]
        if todo:
            req = ''.join(f'{self.commit}:{p}\n' for p in todo).encode()
            r = subprocess.run(['git', '-C', self.repo, 'cat-file', '--batch'], input=req,
                               capture_output=True, check=True)
            data = r.stdout
            pos = 0
            for p in todo:
                nl = data.index(b'\n', pos)
                header = data[pos:nl].split()
                pos = nl + 1
                if len(header) < 3 or header[1] != b'blob':
                    self._cache[p] = ''
                    continue
                size = int(header[2])
                self._cache[p] = data[pos:pos + size].decode('utf-8', 'replace')
                pos += size + 1
        return {p: self._cache[p] for p in paths}
