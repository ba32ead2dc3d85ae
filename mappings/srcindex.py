"""Which MindSpore APIs exist at a release tag, and their Supported Platforms, read from the source mirror with git.

Static and approximate: names come from the API rst lists under docs/api and from def/class lines; no code is run.
"""
from __future__ import annotations

import re
from collections import defaultdict

from .gitio import Repo
from .platforms import platforms_in_doc, referred_api

PY_ROOT = "mindspore/python/mindspore/"
YAML_DOC_DIRS = ("mindspore/ops/op_def/yaml/doc/", "mindspore/ops/api_def/function_doc/",
                 "mindspore/ops/api_def/method_doc/")
_DEF = re.compile(r"^(\s*)(?:async\s+)?(def|class)\s+([A-Za-z_]\w*)")
_ASSIGN = re.compile(r"^([A-Za-z_]\w*)\s*=")
_YAML_KEY = re.compile(r"^([A-Za-z_]\w*):\s*$")


class SourceIndex:
    def __init__(self, repo: Repo, ref: str):
        self.ref = ref
        self.api_names: set[str] = set()
        self.defs: dict[str, set[str]] = defaultdict(set)      # top-level name -> relpaths
        self.tensor_methods: set[str] = set()
        self.yaml_ops: set[str] = set()
        self.members: set[str] = set()                           # names defined inside classes
        self.platforms: dict[tuple[str, str], tuple[str, ...]] = {}
        self.refers: dict[tuple[str, str], str] = {}              # docstring delegations, e.g. Tensor.abs -> ops.abs
        self._name_cache: dict = {}
        self._load_names(repo)
        self._load_platforms(repo)

    # ---- existence ---------------------------------------------------------------
    def _load_names(self, repo: Repo) -> None:
        out = repo.grep(self.ref, ["-h", "-o", "-E", r"mindspore\.[A-Za-z_][A-Za-z0-9_.]*"], ["docs/api"])
        self.api_names.update(t.rstrip(".") for t in out.split())
        for p in repo.ls_recursive(self.ref, "docs/api"):
            base = p.rsplit("/", 1)[-1]
            if base.startswith("mindspore.") and base.endswith(".rst"):
                self.api_names.add(base[:-4])
        out = repo.grep(self.ref, ["-n", "-E", r"^\s*(def|class) [A-Za-z_]|^[A-Za-z_][A-Za-z0-9_]* *="],
                        [PY_ROOT])
        for ln in out.splitlines():
            try:
                _, path, _, text = ln.split(":", 3)
            except ValueError:
                continue
            rel = path[len(PY_ROOT):]
            m = _DEF.match(text)
            if m:
                indent, _, name = m.groups()
                if not indent:
                    self.defs[name].add(rel)
                else:
                    self.members.add(name)
                    if rel.startswith("common/tensor.py") or rel.startswith("common/_tensor"):
                        self.tensor_methods.add(name)
                continue
            m = _ASSIGN.match(text)
            if m:
                self.defs[m.group(1)].add(rel)
        for p in repo.ls_recursive(self.ref, "mindspore/ops/api_def/method"):
            if p.endswith(".yaml"):
                self.tensor_methods.add(p.rsplit("/", 1)[-1][:-5])
        for p in repo.ls_recursive(self.ref, "mindspore/ops/op_def/yaml"):
            base = p.rsplit("/", 1)[-1]
            if base.endswith("_op.yaml"):
                self.yaml_ops.add(base[:-8])

    def exists(self, target: str) -> bool:
        if not target:
            return False
        if target in self.api_names:
            return True
        parts = target.split(".")
        name = parts[-1]
        if target.startswith("mindspore.Tensor."):
            return name in self.tensor_methods
        if len(parts) < 2:
            return False
        top = parts[1]
        if len(parts) >= 3 and parts[-2][:1].isupper():
            # a member of a class, e.g. mindspore.nn.Cell.apply or mindspore.Parameter.requires_grad
            return parts[-2] in self.defs and name in self.members
        paths = self.defs.get(name, set())
        if any(p.startswith(top + "/") or p.startswith(top + ".py") or top in ("ops", "Tensor") for p in paths):
            return True
        if top in ("ops", "mint") and (name in self.yaml_ops or name + "_ext" in self.yaml_ops):
            return any(p.startswith(top + "/") for ps in self.defs.values() for p in ps) if top == "mint" else True
        return False

    # ---- platforms ---------------------------------------------------------------
    def _load_platforms(self, repo: Repo) -> None:
        files = [p.split(":", 1)[1] for p in repo.grep(
            self.ref, ["-l", "-e", "Supported Platforms", "-e", "please refer to"], [PY_ROOT, *YAML_DOC_DIRS]).split()]
        blobs = repo.cat_many(self.ref, files)
        for path, text in blobs.items():
            if path.endswith(".py"):
                self._scan_py(path[len(PY_ROOT):], text)
            elif path.endswith(".yaml"):
                self._scan_yaml(path, text)

    def _scan_py(self, rel: str, text: str) -> None:
        lines = text.splitlines()
        stack: list[tuple[int, str]] = []
        for i, ln in enumerate(lines):
            m = _DEF.match(ln)
            if m:
                ind = len(m.group(1))
                while stack and stack[-1][0] >= ind:
                    stack.pop()
                stack.append((ind, m.group(3)))
                continue
            if "please refer to" in ln and stack:
                ref = referred_api(ln.strip())
                if ref:
                    self.refers.setdefault((rel, ".".join(n for _, n in stack)), ref)
            if "Supported Platforms:" in ln and stack:
                qual = ".".join(n for _, n in stack)
                plats = platforms_in_doc("\n".join(lines[i:i + 8]))
                if plats is not None:
                    self.platforms.setdefault((rel, qual), plats)

    def _scan_yaml(self, path: str, text: str) -> None:
        key, buf = None, []

        def flush():
            if key and buf:
                doc = "\n".join(buf)
                plats = platforms_in_doc(doc)
                if plats is not None:
                    self.platforms.setdefault((path, key), plats)
                elif referred_api(doc):
                    self.refers.setdefault((path, key), referred_api(doc))
        for ln in text.splitlines():
            m = _YAML_KEY.match(ln)
            if m:
                flush()
                key, buf = m.group(1), []
            else:
                buf.append(ln)
        flush()

    def _by_name(self, table: dict, names: set[str]) -> list:
        cache = self._name_cache.setdefault(id(table), {})
        if not cache:
            for (path, qual), v in table.items():
                cache.setdefault(qual.rsplit(".", 1)[-1], []).append((path, qual, v))
        return [e for n in names for e in cache.get(n, [])]

    def _tier_lookup(self, preds, names: set[str], _depth: int = 0) -> tuple[str, ...] | None:
        plats, refs_all = self._by_name(self.platforms, names), self._by_name(self.refers, names)
        for pred in preds:
            found = {v for path, qual, v in plats if pred(path, qual)}
            if not found and _depth < 2:
                refs = {v for path, qual, v in refs_all if pred(path, qual)}
                if len(refs) == 1:
                    return self.backends(refs.pop(), _depth + 1)
            if len(found) == 1:
                return found.pop()
            if len(found) > 1:
                return None   # ambiguous: several definitions disagree
        return None

    def backends(self, target: str, _depth: int = 0) -> tuple[str, ...] | None:
        """Platforms of the definition the target most plausibly names; None when unknown or ambiguous."""
        parts = target.split(".")
        if len(parts) < 2:
            return None
        name, top = parts[-1], parts[1]
        names = {name, name + "_ext"}
        fdoc, ydoc = "mindspore/ops/api_def/function_doc/", "mindspore/ops/op_def/yaml/doc/"

        def look(*preds):
            return self._tier_lookup(preds, names, _depth)

        if target.startswith("mindspore.Tensor."):
            return look(lambda p, q: q == "Tensor." + name and p.startswith(("common/tensor", "common/_tensor")),
                        lambda p, q: p.startswith("mindspore/ops/api_def/method_doc/") and q == name)
        if len(parts) >= 3 and parts[-2][:1].isupper():          # member of a class: mindspore.nn.Cell.apply
            member = parts[-2] + "." + name
            return look(lambda p, q: q == member)
        if top == "ops" and name[:1].isupper():
            return look(lambda p, q: p.startswith("ops/operations/") and q == name,
                        lambda p, q: p.startswith("ops/") and q == name)
        if top == "ops":
            return look(lambda p, q: p.startswith("ops/function/") and q == name,
                        lambda p, q: p.startswith(fdoc) and q == name,
                        lambda p, q: p.startswith(ydoc) and q == name,
                        lambda p, q: p.startswith("ops/") and q == name)
        if top == "mint":
            return look(lambda p, q: p.startswith("mint/") and q == name,
                        lambda p, q: p.startswith(fdoc) and q in names,
                        lambda p, q: p.startswith(ydoc) and q in names,
                        lambda p, q: p.startswith("ops/function/") and q in names)
        return look(lambda p, q: p.startswith(top + "/") and q == name,
                    lambda p, q: q == name)
