"""The versioned PyTorch -> MindSpore mapping tables: pick a release, look an API up.

Lookup order: the release's own rows, then the out-of-place row for an in-place variant
(`x.add_` -> `x.add`), then ms-scan's curated rows, then a curated row for the whole namespace
(`torch.distributions.constraints.*`); otherwise the status is `unknown`.
"""
from __future__ import annotations

import csv
import hashlib
import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import metadata

from ms_scan.datafiles import mappings_dir

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
    try:
        version = metadata.version("mindspore")
    except metadata.PackageNotFoundError:
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


class MappingTable:
    def __init__(self, release: str, rows: list[MappingRow], curated: list[MappingRow], digest: str):
        self.release = release
        self.digest = digest
        self.by_api: dict[str, list[MappingRow]] = {}
        for row in rows:
            self.by_api.setdefault(row.torch_api, []).append(row)
        self.curated: dict[str, list[MappingRow]] = {}
        self.namespaces: dict[str, list[MappingRow]] = {}  # curated `torch.x.*` rows: a whole namespace
        for row in curated:
            if row.torch_api.endswith(".*"):
                self.namespaces.setdefault(row.torch_api[:-2], []).append(row)
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

    def lookup(self, api: str, target: str | None = None) -> Lookup:
        rows = self.by_api.get(api)
        derived = ""
        if not rows and api.endswith("_") and not api.endswith("__"):
            base = api[:-1]
            rows = self.by_api.get(base)
            if rows:
                derived = f"in-place variant of {base}"
        if not rows:
            rows = self.curated.get(api)
        if not rows:
            prefix = api.rpartition(".")[0]
            while prefix and prefix not in self.namespaces:
                prefix = prefix.rpartition(".")[0]
            if prefix:
                rows = self.namespaces[prefix]
                derived = f"every API in {prefix}"
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
    curated_path = base / "curated.csv"
    curated = _read_rows(curated_path) if curated_path.is_file() else []
    if curated:
        digest = hashlib.sha256((digest + hashlib.sha256(curated_path.read_bytes()).hexdigest())
                                .encode()).hexdigest()
    return MappingTable(release, _read_rows(path), curated, digest)


def table_index() -> dict:
    path = mappings_dir() / "index.json"
    return json.loads(path.read_text()) if path.is_file() else {}
