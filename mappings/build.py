"""Generate mappings/<release>/api_mapping.csv and mappings/index.json from the mindspore-ai/docs git mirror.

Reads branches with git (no checkout), optionally verifies carried rows and fills backends from the MindSpore
source mirror at each release tag, and checks the derived 2.10 table against the installed mindspore package.
"""
from __future__ import annotations

import argparse
import csv
import hashlib
import io
import json
import os
import re
import sys
from collections import Counter
from dataclasses import dataclass, replace

from .diff_pages import kind_from_params, parse_param_table
from .docs_table import DocRow, parse_table
from .gitio import Repo

TABLE_PATH = "docs/mindspore/source_en/note/api_mapping/pytorch_api_mapping.md"
DIFF_DIR = "docs/mindspore/source_en/note/api_mapping/pytorch_diff"
COLUMNS = ["torch_api", "ms_api", "status", "diff_kind", "params", "torch_version", "backends", "known_by",
           "docs_url", "src_branch", "src_commit", "src_path", "src_line"]
STATUSES = ("consistent", "differs", "missing", "not-applicable")
KNOWN_BY = ("docs", "carried", "introspected", "curated")

# release -> (docs branch, MindSpore source ref); "2.10" is derived and checked against the installed package.
RELEASES = [
    ("1.7", "r1.7", "v1.7.0"),
    ("1.10", "r1.10", "v1.10.1"),
    ("2.0", "r2.0", "v2.0.0"),
    ("2.1", "r2.1", "v2.1.1"),
    ("2.2", "r2.2", "v2.2.14"),
    ("2.3", "r2.3", "v2.3.1"),
    ("2.4", "r2.4.10", "v2.4.10"),
    ("2.5", "r2.5.0", "v2.5.0"),
    ("2.6", "r2.6.0", "v2.6.0"),
    ("2.7", "master", "master"),
]
DERIVED = "2.10"
# From r2.5 the docs table points most rows at mindspore.mint.*, whose kernels are often Ascend-only; the older
# target, kept as an alternative row, lets the lookup pick a CPU/GPU-capable API for --target.
MINT_FROM = "2.5"


@dataclass(frozen=True)
class Row:
    torch_api: str
    ms_api: str
    status: str
    diff_kind: str
    params: str
    torch_version: str
    backends: str
    known_by: str
    docs_url: str
    src_branch: str
    src_commit: str
    src_path: str
    src_line: int

    def key(self):
        return (self.torch_api, self.ms_api, self.src_branch, self.src_line)


def _section_url(branch: str, section: str) -> str:
    anchor = re.sub(r"[^a-z0-9_-]", "", section.lower().replace(" ", "-"))
    return f"https://www.mindspore.cn/docs/en/{branch}/note/api_mapping/pytorch_api_mapping.html#{anchor}"


def _fmt_params(pairs) -> str:
    return ";".join(f"{n}={k}" for n, k in pairs)


def _fmt_backends(plats) -> str:
    return "|".join(plats) if plats else ""


def docs_rows(docs: Repo, branch: str) -> list[Row]:
    """Parse one branch's table + diff pages into Rows (known_by=docs, backends empty)."""
    commit = docs.commit(branch)
    md = docs.show(branch, TABLE_PATH)
    pages = set(docs.ls(branch, DIFF_DIR))
    page_cache: dict[str, tuple] = {}
    out: dict[tuple, Row] = {}
    for d in parse_table(md):
        params = list(d.params)
        kind = d.diff_kind
        if d.diff_page and d.diff_page in pages:
            if d.diff_page not in page_cache:
                page_cache[d.diff_page] = parse_param_table(docs.show(branch, f"{DIFF_DIR}/{d.diff_page}"))
            pparams, cats = page_cache[d.diff_page]
            have = {n for n, _ in params}
            params += [(n, k) for n, k in pparams if n not in have]
            if d.status == "differs" and not kind:
                kind = kind_from_params(pparams, cats)
        if d.status == "differs" and not kind:
            kind = "other"
        if d.status != "differs":
            kind = ""
        row = Row(d.torch_api, d.ms_api, d.status, kind, _fmt_params(params), d.torch_version, "", "docs",
                  d.docs_url or _section_url(branch, d.section), branch, commit, TABLE_PATH, d.line)
        out.setdefault((row.torch_api, row.ms_api), row)   # the same pair listed twice: keep the first
    return sorted(out.values(), key=Row.key)


def write_csv(path: str, rows: list[Row], columns=COLUMNS, extra=None) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(columns)
    for i, r in enumerate(rows):
        vals = [getattr(r, c) if hasattr(r, c) else extra[i][c] for c in columns]
        w.writerow(vals)
    data = buf.getvalue().encode()
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)
    return hashlib.sha256(data).hexdigest()


def summarise(rows: list[Row]) -> dict:
    return {"rows": len(rows),
            "by_status": dict(sorted(Counter(r.status for r in rows).items())),
            "by_known_by": dict(sorted(Counter(r.known_by for r in rows).items())),
            "torch_apis": len({r.torch_api for r in rows})}


def carry(newest: dict[str, list[Row]], listed: set[str], exists, backends) -> tuple[list[Row], Counter]:
    """Rows for torch APIs absent from this release's table, carried from the newest table that listed them.

    A row is carried only if its target is verified to exist in this release; `missing` rows are not carried.
    """
    rows, stats = [], Counter()
    for api in sorted(newest):
        if api in listed:
            continue
        for r in newest[api]:
            if not r.ms_api:
                stats["missing_not_carried"] += 1
                continue
            if exists(r.ms_api):
                rows.append(replace(r, known_by="carried", backends=_fmt_backends(backends(r.ms_api))))
            else:
                stats["dropped_unverifiable"] += 1
                print(f"  drop (target not found): {r.torch_api} -> {r.ms_api}", file=sys.stderr)
    return rows, stats


def _release_key(release: str) -> tuple[int, ...]:
    return tuple(int(p) for p in release.split("."))


# The order in which ms-scan's lookup (ms_scan/tables/mapping.py) prefers rows of one API once backends are equal.
_STATUS_RANK = {"consistent": 0, "not-applicable": 1, "differs": 2, "missing": 3}
_KNOWN_RANK = {"docs": 0, "introspected": 1, "carried": 2, "curated": 3}


def _rank(r: Row) -> tuple:
    return (_STATUS_RANK.get(r.status, 9), _KNOWN_RANK.get(r.known_by, 9), r.ms_api)


def mint_alternatives(rows: list[Row], pre_mint: dict[str, list[Row]], exists, backends) -> list[Row]:
    """The last pre-r2.5 row of each torch API the table now maps to mindspore.mint.*, when its target still
    exists: an extra `carried` row, so a backend the mint op lacks can fall back to it.

    An old row the lookup would prefer over the current ones on a backend both support (e.g. older docs called
    it consistent where the new table lists a difference) is left out: it would replace the current answer."""
    current: dict[str, list[Row]] = {}
    for r in rows:
        current.setdefault(r.torch_api, []).append(r)
    out = []
    for api in sorted(current):
        targets = {r.ms_api for r in current[api]}
        if not any(t.startswith("mindspore.mint.") for t in targets):
            continue
        best = min(_rank(r) for r in current[api])
        for old in pre_mint.get(api, []):
            if not old.ms_api or old.ms_api.startswith("mindspore.mint.") or old.ms_api in targets:
                continue
            alt = replace(old, known_by="carried")
            if _rank(alt) > best and exists(old.ms_api):
                out.append(replace(alt, backends=_fmt_backends(backends(old.ms_api))))
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m mappings.build", description=__doc__)
    ap.add_argument("--docs", required=True, help="git dir or clone of mindspore-ai/docs")
    ap.add_argument("--ms-source", help="git dir or clone of mindspore-ai/mindspore with release tags")
    ap.add_argument("--out", default=os.path.dirname(os.path.abspath(__file__)))
    ap.add_argument("--no-installed", action="store_true", help="skip the 2.10 table (needs mindspore installed)")
    args = ap.parse_args(argv)

    docs = Repo(args.docs)
    src = Repo(args.ms_source) if args.ms_source else None
    index = {"schema_version": 1, "columns": COLUMNS, "releases": []}
    newest: dict[str, list[Row]] = {}
    pre_mint: dict[str, list[Row]] | None = None
    for release, branch, tag in RELEASES:
        rows = docs_rows(docs, branch)
        entry = {"release": release, "source": {"docs_branch": branch, "docs_commit": docs.commit(branch),
                                                "docs_path": TABLE_PATH}}
        if src is not None:
            from .srcindex import SourceIndex
            ix = SourceIndex(src, tag)
            exists, backends = ix.exists, ix.backends
            entry["source"].update({"ms_source_ref": tag, "ms_source_commit": src.commit(tag)})
        else:
            exists, backends = (lambda t: False), (lambda t: None)
        rows = [replace(r, backends=_fmt_backends(backends(r.ms_api))) if r.ms_api else r for r in rows]
        listed = {r.torch_api for r in rows}
        carried, stats = carry(newest, listed, exists, backends)
        alternatives = []
        if _release_key(release) >= _release_key(MINT_FROM):
            if pre_mint is None:
                pre_mint = dict(newest)
            alternatives = mint_alternatives(rows, pre_mint, exists, backends) if src is not None else []
        for api in listed:
            newest[api] = [r for r in rows if r.torch_api == api]
        rows = sorted(rows + carried + alternatives, key=Row.key)
        entry["carry"] = {"carried": len(carried), **{k: stats[k] for k in sorted(stats)}}
        if alternatives:
            entry["carry"]["pre_mint_alternatives"] = len(alternatives)
        entry["docs_targets_unverified"] = sum(1 for r in rows if r.known_by == "docs" and r.ms_api
                                               and not exists(r.ms_api)) if src else None
        entry.update(summarise(rows))
        entry["sha256"] = write_csv(os.path.join(args.out, release, "api_mapping.csv"), rows)
        index["releases"].append(entry)
        print(f"{release:5} {entry['rows']:5} rows  {entry['by_status']}  {entry['by_known_by']}  "
              f"carry={entry['carry']}", file=sys.stderr)

    introspect = None
    if not args.no_installed:
        from . import introspect
        curated_apis = read_curated_apis(os.path.join(args.out, "curated.csv"))
        rows, stats = derive_installed(newest, RELEASES[-1][1], introspect, pre_mint or {}, curated_apis,
                                       args.out)
        entry = {"release": DERIVED, "source": {"derived_from": [r for r, _, _ in RELEASES],
                                                "mindspore_version": introspect.version()},
                 "carry": stats}
        entry.update(summarise(rows))
        entry["sha256"] = write_csv(os.path.join(args.out, DERIVED, "api_mapping.csv"), rows)
        index["releases"].append(entry)
        print(f"{DERIVED:5} {entry['rows']:5} rows  {entry['by_status']}  {entry['by_known_by']}  carry={stats}",
              file=sys.stderr)

    curated = os.path.join(args.out, "curated.csv")
    if os.path.exists(curated):
        index["curated"] = normalise_curated(curated, None if args.no_installed else introspect)
    with open(os.path.join(args.out, "index.json"), "w", encoding="utf-8", newline="\n") as f:
        json.dump(index, f, indent=1, sort_keys=False)
        f.write("\n")
    return 0


def normalise_curated(path: str, introspect) -> dict:
    """Sort our hand-written curated.csv and refresh its backends from the installed mindspore."""
    with open(path, newline="", encoding="utf-8") as f:
        reader = csv.DictReader(f)
        columns, rows = reader.fieldnames, list(reader)
    assert columns == COLUMNS + ["advice"], columns
    for r in rows:
        r["known_by"] = "curated"
        if introspect is not None:
            r["backends"] = _fmt_backends(introspect.backends(r["ms_api"])) if r["ms_api"] else ""
    rows.sort(key=lambda r: (r["torch_api"], r["ms_api"]))
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=columns, lineterminator="\n")
    w.writeheader()
    w.writerows(rows)
    data = buf.getvalue().encode()
    with open(path, "wb") as f:
        f.write(data)
    return {"path": "curated.csv", "rows": len(rows), "by_status": dict(sorted(Counter(r["status"] for r in rows).items())),
            "sha256": hashlib.sha256(data).hexdigest()}


def _retarget(target: str, introspect) -> str:
    """An unambiguous replacement for a target that no longer resolves: same name, other letter case."""
    ns, _, name = target.rpartition(".")
    parent = introspect.resolve(ns)
    if parent is None:
        return ""
    hits = [a for a in dir(parent) if a.lower() == name.lower() and a != name]
    return f"{ns}.{hits[0]}" if len(hits) == 1 else ""


def read_curated_apis(path: str) -> set[str]:
    if not os.path.exists(path):
        return set()
    with open(path, newline="", encoding="utf-8") as f:
        return {r["torch_api"] for r in csv.DictReader(f)}


def derive_installed(newest: dict[str, list[Row]], newest_branch: str, introspect, pre_mint: dict[str, list[Row]],
                     curated_apis: set[str], out_dir: str) -> tuple[list[Row], dict]:
    """2.10: every last-known row whose target resolves in the installed mindspore (all carried), the pre-mint
    alternatives, then same-named MindSpore APIs for catalogue entries nothing else covers (introspected)."""
    rows, stats = [], Counter()
    for api in sorted(newest):
        for r in newest[api]:
            if not r.ms_api:
                stats["missing_not_carried"] += 1
                continue
            target, known = r.ms_api, "carried"
            if not introspect.exists(target):
                new = _retarget(target, introspect) if r.src_branch == newest_branch else ""
                if not new:
                    stats["dropped_unresolved"] += 1
                    print(f"  drop (does not resolve): {r.torch_api} -> {r.ms_api}", file=sys.stderr)
                    continue
                target, known = new, "introspected"
                stats["retargeted"] += 1
            rows.append(replace(r, ms_api=target, known_by=known,
                                backends=_fmt_backends(introspect.backends(target))))
    alternatives = mint_alternatives(rows, pre_mint, introspect.exists, introspect.backends)
    stats["pre_mint_alternatives"] = len(alternatives)
    listed = {r.torch_api for r in rows}
    same = same_named_rows(listed | curated_apis, listed, introspect, out_dir)
    stats["same_named"] = len(same)
    return sorted(rows + alternatives + same, key=Row.key), {k: stats[k] for k in sorted(stats) if stats[k]}


def same_named_rows(covered: set[str], derivable: set[str], introspect, out_dir: str) -> list[Row]:
    """Rows for catalogue APIs no table or curated row covers whose same-named MindSpore API resolves."""
    from . import same_name
    catalogue = same_name.load_catalogue(out_dir)
    branch, commit = f"mindspore-{introspect.version()}", introspect.commit()
    rows = []
    for api, target in same_name.find(catalogue, covered, introspect.resolve, derivable).items():
        path, line = same_name.provenance(target, introspect.resolve)
        rows.append(Row(api, target, "differs", "unverified", "", catalogue["torch_version"],
                        _fmt_backends(introspect.backends(target)), "introspected", "", branch, commit, path, line))
    return rows


if __name__ == "__main__":
    sys.exit(main())
