"""Generate mappings/2.10/introspected.csv: same-named MindSpore APIs of the installed package for the torch
catalogue entries that no docs, carried or curated row covers, each judged by comparing parameter names.

    python -m mappings.introspected        # needs torch and mindspore installed; never run on the scan path

A row is `consistent` when every torch parameter exists in MindSpore under the same name (or, positionally, under
another name: then `differs`/param_name), MindSpore needs no extra argument and defaults agree; `differs` with the
torch parameters that differ otherwise; `differs`/`unverified` when either signature cannot be read.
"""
from __future__ import annotations

import argparse
import csv
import hashlib
import io
import os
import sys
from collections import Counter

from . import introspect, same_name, signatures

HERE = os.path.dirname(os.path.abspath(__file__))
RELEASE = "2.10"
COLUMNS = ["torch_api", "ms_api", "status", "diff_kind", "params", "torch_version", "backends", "known_by",
           "docs_url", "src_branch", "src_commit", "src_path", "src_line", "advice"]
DISTRIBUTIONS = "mindspore.nn.probability.distribution"


def _read(path: str) -> list[dict]:
    if not os.path.exists(path):
        return []
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def covered_apis(base: str = HERE) -> set[str]:
    """APIs the release table (docs or carried rows) or curated.csv already answers; the table's own
    `unverified` same-name rows are not an answer: this file replaces them."""
    table = _read(os.path.join(base, RELEASE, "api_mapping.csv"))
    covered = {r["torch_api"] for r in table if r["diff_kind"] != "unverified"}
    return covered | {r["torch_api"] for r in _read(os.path.join(base, "curated.csv"))}


def torch_object(api: str):
    import importlib
    parts = api.split(".")
    obj = importlib.import_module(parts[0])
    for i, part in enumerate(parts[1:], 1):
        try:
            obj = getattr(obj, part)
        except AttributeError:
            try:
                obj = importlib.import_module(".".join(parts[: i + 1]))
            except Exception:
                return None
    return obj


def _raw_member(owner, name: str):
    import inspect
    return inspect.getattr_static(owner, name, None)


def judge(api: str, target: str, want_property: bool) -> signatures.Verdict:
    if want_property:
        return signatures.Verdict("consistent", "", "")   # a property has no parameters to differ in
    name = api.rpartition(".")[2]
    t_obj, m_obj = torch_object(api), introspect.resolve(target)
    if t_obj is None or m_obj is None:
        return signatures.Verdict("differs", "unverified", "")
    t_owner, m_owner = torch_object(api.rpartition(".")[0]), introspect.resolve(target.rpartition(".")[0])
    # a method reached through its class keeps `self` first; a staticmethod does not
    t_static = isinstance(_raw_member(t_owner, name), staticmethod) if isinstance(t_owner, type) else True
    m_static = isinstance(_raw_member(m_owner, name), staticmethod) if isinstance(m_owner, type) else True
    t_sigs = signatures.signatures(t_obj, name)
    m_sigs = signatures.signatures(m_obj, name)
    if not t_static:
        t_sigs = [s[1:] if s and s[0].name == "self" else s for s in t_sigs]
    if not m_static:
        m_sigs = [s[1:] if s and s[0].name == "self" else s for s in m_sigs]
    return signatures.compare(t_sigs, m_sigs)


def _row(api, target, v, catalogue, branch, commit, advice=""):
    path, line = same_name.provenance(target, introspect.resolve) if target else ("", "")
    plats = introspect.backends(target) if target else None
    return {"torch_api": api, "ms_api": target, "status": v.status, "diff_kind": v.diff_kind, "params": v.params,
            "torch_version": catalogue["torch_version"], "backends": "|".join(plats) if plats else "",
            "known_by": "introspected", "docs_url": "", "src_branch": branch, "src_commit": commit,
            "src_path": path, "src_line": line, "advice": advice}


def value_rows(catalogue: dict, covered: set[str], branch: str, commit: str) -> list[dict]:
    """torch dtypes (same-named MindSpore dtype, else missing), layouts and memory formats (not-applicable), and
    distributions absent from mindspore.nn.probability.distribution (missing)."""
    import torch
    ms = introspect.resolve("mindspore")
    rows = []
    for api, kind in catalogue["api"].items():
        ns, _, name = api.rpartition(".")
        if api in covered or name.startswith("_"):
            continue
        obj = torch_object(api)
        if kind == "dtype" and ns == "torch":
            target = f"mindspore.{name}"
            if isinstance(getattr(ms, name, None), introspect.resolve("mindspore.dtype.Type")):
                rows.append(_row(api, target, signatures.Verdict("consistent", "", ""), catalogue, branch, commit))
            else:
                rows.append(_row(api, "", signatures.Verdict("missing", "", ""), catalogue, branch, commit,
                                 f"mindspore {introspect.version()} has no {name} dtype: keep the data in a wider "
                                 f"dtype it has."))
        elif (ns == "torch.distributions" and isinstance(obj, type) and issubclass(obj, torch.distributions.Distribution)
              and introspect.resolve(f"{DISTRIBUTIONS}.{name}") is None):
            rows.append(_row(api, "", signatures.Verdict("missing", "", ""), catalogue, branch, commit,
                             f"{DISTRIBUTIONS} has no {name}: subclass Distribution and write log_prob/sample with "
                             f"mindspore.ops."))
    # layouts and memory formats are values torch's __all__ leaves out: read them from the module itself
    for name in sorted(dir(torch)):
        if not name.startswith("_") and isinstance(getattr(torch, name), (torch.layout, torch.memory_format)) \
                and f"torch.{name}" not in covered:
            rows.append(_row(f"torch.{name}", "", signatures.Verdict("not-applicable", "", ""), catalogue, branch,
                             commit, "MindSpore tensors have one dense layout and memory format: drop layout= and "
                                     "memory_format= arguments."))
    return rows


def generate(base: str = HERE) -> list[dict]:
    catalogue = same_name.load_catalogue(base)
    covered = covered_apis(base)
    branch, commit = f"mindspore-{introspect.version()}", introspect.commit()
    rows = []
    for api, targets, want_property in same_name.candidates(catalogue):
        if api in covered:
            continue
        if same_name._is_inplace(api) and api[:-1] in covered:
            continue   # the lookup answers `x.add_` from the docs or curated row of `x.add`
        for target in targets:
            obj = introspect.resolve(target)
            if obj is None or not same_name._matches(obj, want_property):
                continue
            if api.startswith(same_name.TENSOR) and not target.startswith("mindspore.Tensor."):
                if any(r["torch_api"] == api for r in rows):
                    break   # the method exists: the function form is no alternative worth a row
                # x.relu() -> ops.relu(x): a function, not a method
                rows.append(_row(api, target, signatures.Verdict("differs", "function", ""), catalogue, branch,
                                 commit, f"MindSpore has no Tensor.{api.rpartition('.')[2]} method: call "
                                         f"{target}(x, ...) instead."))
                break
            if target.startswith("mindspore.numpy.") and any(r["torch_api"] == api for r in rows):
                break   # numpy-style functions are the last resort, not an alternative to mint/ops
            rows.append(_row(api, target, judge(api, target, want_property), catalogue, branch, commit))
    rows += value_rows(catalogue, covered | {r["torch_api"] for r in rows}, branch, commit)
    rows.sort(key=lambda r: (r["torch_api"], r["ms_api"]))
    return rows


def write(rows: list[dict], path: str) -> str:
    buf = io.StringIO()
    w = csv.DictWriter(buf, COLUMNS, lineterminator="\n")
    w.writeheader()
    w.writerows(rows)
    data = buf.getvalue().encode()
    with open(path, "wb") as f:
        f.write(data)
    return hashlib.sha256(data).hexdigest()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=os.path.join(HERE, RELEASE, "introspected.csv"))
    args = ap.parse_args(argv)
    import warnings
    warnings.filterwarnings("ignore")
    rows = generate()
    digest = write(rows, args.out)
    stats = Counter((r["status"], r["diff_kind"]) for r in rows)
    print(f"{args.out}: {len(rows)} rows, {len({r['torch_api'] for r in rows})} torch APIs, "
          f"mindspore {introspect.version()} ({introspect.commit()}), sha256 {digest[:12]}")
    for (status, kind), n in sorted(stats.items()):
        print(f"  {status:11} {kind or '-':12} {n}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
