"""The versioned PyTorch -> MindSpore mapping tables: pick a release, look an API up.

Lookup order, first hit wins: the release's own rows (where a row is only an unverified same-name guess, the
release's `introspected.csv` row, judged by parameter names, replaces it), ms-scan's curated rows; then rules
that reuse another API's rows: an in-place variant (`x.add_` -> `x.add`), a member reached through a subclass
(`torch.nn.Linear.forward` -> `torch.nn.Module.forward`), an ATen operator (`torch.ops.aten.add.Tensor` ->
`torch.add`), a copying view variant (`torch.view_copy` -> `torch.Tensor.view`); last the curated row of the
innermost namespace (`torch.distributions.constraints.*`) or name prefix (`torch.cudnn_*`); otherwise `unknown`.
"""
from __future__ import annotations

import csv
import hashlib
import json
from dataclasses import dataclass
from functools import lru_cache

from ms_scan.datafiles import dist_version, mappings_dir

STATUSES = ("consistent", "differs", "missing", "not-applicable", "unknown")
_STATUS_RANK = {"consistent": 0, "not-applicable": 1, "differs": 2, "missing": 3}
_KNOWN_RANK = {"docs": 0, "introspected": 1, "carried": 2, "curated": 3}


@dataclass(frozen=True, slots=True)
class MappingRow:
    torch_api: str
    ms_api: str
    status: str
    diff_kind: str
    params: str
    backends: tuple[str, ...]
    known_by: str
    docs_url: str
    torch_version: str
    advice: str = ""


@dataclass(frozen=True, slots=True)
class Lookup:
    status: str
    row: MappingRow | None
    derived: str = ""  # how the row was reached when not directly (e.g. "in-place variant of torch.Tensor.add")
    alternatives: tuple[MappingRow, ...] = ()


def release_key(release: str) -> tuple[int, ...]:
    return tuple(int(p) for p in release.split(".") if p.isdigit())


def available_releases() -> list[str]:
    base = mappings_dir()
    return sorted((p.name for p in base.iterdir() if (p / "api_mapping.csv").is_file()),
                  key=release_key)


def installed_mindspore_release() -> str | None:
    """The installed mindspore's X.Y, read from package metadata (never imports mindspore)."""
    version = dist_version("mindspore")
    if version is None:
        return None
    parts = version.split(".")
    return ".".join(parts[:2]) if len(parts) >= 2 else None


def default_release() -> str:
    releases = available_releases()
    installed = installed_mindspore_release()
    if installed in releases:
        return installed
    return releases[-1]


def _read_rows(path) -> list[MappingRow]:
    rows = []
    with open(path, newline="", encoding="utf-8") as fh:
        for r in csv.DictReader(fh):
            rows.append(MappingRow(
                torch_api=r["torch_api"], ms_api=r["ms_api"], status=r["status"],
                diff_kind=r.get("diff_kind", ""), params=r.get("params", ""),
                backends=tuple(b for b in r.get("backends", "").split("|") if b),
                known_by=r.get("known_by", ""), docs_url=r.get("docs_url", ""),
                torch_version=r.get("torch_version", ""), advice=r.get("advice", "") or ""))
    return rows


# Classes whose members a subclass inherits: `torch.nn.Linear.forward` is `torch.nn.Module.forward`.
# (namespace of the subclass, base class); the subclass must be a capitalised name directly in that namespace.
MEMBER_BASES = (("torch.nn", "torch.nn.Module"), ("torch.optim", "torch.optim.Optimizer"),
                ("torch.optim.lr_scheduler", "torch.optim.lr_scheduler.LRScheduler"),
                ("torch.distributions", "torch.distributions.Distribution"))
ATEN = "torch.ops.aten."


class MappingTable:
    def __init__(self, release: str, rows: list[MappingRow], curated: list[MappingRow], digest: str,
                 introspected: list[MappingRow] = ()):
        self.release = release
        self.digest = digest
        self.by_api: dict[str, list[MappingRow]] = {}
        for row in rows:
            self.by_api.setdefault(row.torch_api, []).append(row)
        verified: dict[str, list[MappingRow]] = {}
        for row in introspected:
            verified.setdefault(row.torch_api, []).append(row)
        for api, vrows in verified.items():   # a parameter-checked row beats an unverified same-name guess
            if all(r.diff_kind == "unverified" for r in self.by_api.get(api, ())):
                self.by_api[api] = vrows
        self.curated: dict[str, list[MappingRow]] = {}
        self.namespaces: dict[str, list[MappingRow]] = {}  # curated `torch.x.*` rows: a whole namespace
        # curated `torch.cudnn_*` rows: the names of one namespace that start with a prefix
        self.prefixes: dict[str, dict[str, list[MappingRow]]] = {}
        for row in curated:
            if row.torch_api.endswith(".*"):
                self.namespaces.setdefault(row.torch_api[:-2], []).append(row)
            elif row.torch_api.endswith("*"):
                ns, _, prefix = row.torch_api[:-1].rpartition(".")
                self.prefixes.setdefault(ns, {}).setdefault(prefix, []).append(row)
            else:
                self.curated.setdefault(row.torch_api, []).append(row)

    def __len__(self) -> int:
        return sum(len(v) for v in self.by_api.values())

    @staticmethod
    def _best(rows: list[MappingRow], target: str | None) -> list[MappingRow]:
        def key(row: MappingRow):
            supported = not target or not row.backends or target in {b.lower() for b in row.backends}
            return (not supported, _STATUS_RANK.get(row.status, 9), _KNOWN_RANK.get(row.known_by, 9),
                    row.ms_api)
        return sorted(rows, key=key)

    def _direct(self, api: str) -> list[MappingRow] | None:
        return self.by_api.get(api) or self.curated.get(api)

    def _derived(self, api: str) -> tuple[list[MappingRow] | None, str]:
        """Rows reached by a rule from another API's rows."""
        if api.endswith("_") and not api.endswith("__"):
            rows = self._direct(api[:-1])
            if rows:
                return rows, f"in-place variant of {api[:-1]}"
        owner, _, member = api.rpartition(".")
        ns, _, cls = owner.rpartition(".")
        for space, base in MEMBER_BASES:
            if ns == space and cls[:1].isupper() and owner != base:
                rows = self._direct(f"{base}.{member}")
                if rows:
                    return rows, f"member of {base}"
        if api.startswith(ATEN):   # torch.ops.aten.add_.Tensor: the ATen operator behind torch.add_ / Tensor.add_
            op = api[len(ATEN):].split(".")[0]
            for public in (f"torch.{op}", f"torch.Tensor.{op}"):
                rows = self._direct(public) or (None if public == api else self._derived(public)[0])
                if rows:
                    return rows, f"ATen operator of {public}"
        if member.endswith("_copy") and owner in ("torch", "torch.Tensor"):   # torch.view_copy: view, copied
            for public in (f"{owner}.{member[:-5]}", f"torch.Tensor.{member[:-5]}"):
                rows = self._direct(public)
                if rows:
                    return rows, f"copying variant of {public}"
        return None, ""

    def _namespace(self, api: str) -> tuple[list[MappingRow] | None, str]:
        """The curated row of the innermost namespace (`torch.jit.*`) or name prefix (`torch.cudnn_*`) holding api."""
        parts = api.split(".")
        for i in range(len(parts) - 1, 0, -1):
            ns = ".".join(parts[:i])
            for prefix, rows in self.prefixes.get(ns, {}).items():
                if parts[i].startswith(prefix):
                    return rows, f"every API in {ns}.{prefix}*"
            if ns in self.namespaces:
                return self.namespaces[ns], f"every API in {ns}"
        # a private name anywhere (`torch.nn.modules.loss._Loss`) is answered like the top-level private names
        if any(p.startswith("_") and not p.startswith("__") for p in parts[1:]):
            for prefix, rows in self.prefixes.get(parts[0], {}).items():
                if prefix == "_":
                    return rows, f"private API ({parts[0]}._*)"
        return None, ""

    def lookup(self, api: str, target: str | None = None) -> Lookup:
        rows, derived = self._direct(api), ""
        if not rows:
            rows, derived = self._derived(api)
        if not rows:
            rows, derived = self._namespace(api)
        if not rows:
            return Lookup("unknown", None)
        ranked = self._best(rows, target)
        return Lookup(ranked[0].status, ranked[0], derived, tuple(ranked[1:]))


@lru_cache(maxsize=None)
def load_table(release: str | None = None) -> MappingTable:
    release = release or default_release()
    base = mappings_dir()
    path = base / release / "api_mapping.csv"
    if not path.is_file():
        raise KeyError(release)
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    extra: dict[str, list[MappingRow]] = {}
    for name, extra_path in (("curated", base / "curated.csv"), ("introspected", base / release / "introspected.csv")):
        extra[name] = _read_rows(extra_path) if extra_path.is_file() else []
        if extra[name]:
            digest = hashlib.sha256((digest + hashlib.sha256(extra_path.read_bytes()).hexdigest())
                                    .encode()).hexdigest()
    return MappingTable(release, _read_rows(path), extra["curated"], digest, extra["introspected"])


def table_index() -> dict:
    path = mappings_dir() / "index.json"
    return json.loads(path.read_text()) if path.is_file() else {}
