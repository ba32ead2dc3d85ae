"""Mapping coverage of the whole PyTorch catalogue: per namespace, the share of public APIs whose lookup in a
release's table is not `unknown`. Reads only committed data (the torch catalogue and the tables).

    python -m mappings.coverage [--release 2.10] [--unknown NAMESPACE]
"""
from __future__ import annotations

import argparse
import os
import sys
from collections import Counter

from .same_name import load_catalogue

# Member lists of the catalogue are reported under the class that owns them.
MEMBER_OWNERS = (("tensor_members", "torch.Tensor"), ("module_members", "torch.nn.Module"),
                 ("optimizer_members", "torch.optim.Optimizer"),
                 ("lr_scheduler_members", "torch.optim.lr_scheduler.LRScheduler"))
DEPTH = 3   # namespaces deeper than torch.a.b are reported under torch.a.b


def universe(catalogue: dict) -> list[str]:
    """Every public API of the catalogue: names that are not modules, plus the members of Tensor, Module, ..."""
    apis = {api for api, kind in catalogue["api"].items()
            if kind != "module" and not any(p.startswith("_") for p in api.split("."))}
    for key, owner in MEMBER_OWNERS:
        apis |= {f"{owner}.{m}" for m in catalogue.get(key, {}) if not m.startswith("_")}
    return sorted(apis)


def namespace(api: str) -> str:
    for _, owner in MEMBER_OWNERS:
        if api.startswith(owner + "."):
            return owner
    return ".".join(api.split(".")[:-1][:DEPTH])


def measure(table, apis: list[str]) -> dict[str, Counter]:
    out: dict[str, Counter] = {}
    for api in apis:
        out.setdefault(namespace(api), Counter())[table.lookup(api).status] += 1
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--release", default="2.10")
    ap.add_argument("--min", type=int, default=1, help="hide namespaces with fewer APIs than this")
    ap.add_argument("--unknown", metavar="NAMESPACE", help="list the unknown APIs of this namespace")
    args = ap.parse_args(argv)
    from ms_scan.tables.mapping import load_table
    table = load_table(args.release)
    apis = universe(load_catalogue(os.path.dirname(os.path.abspath(__file__))))
    if args.unknown:
        for api in apis:
            if namespace(api) == args.unknown and table.lookup(api).status == "unknown":
                print(api)
        return 0
    by_ns = measure(table, apis)
    total = Counter()
    print(f"{'namespace':45} {'APIs':>5} {'known':>6} {'share':>7}  consistent/differs/missing/not-applicable")
    for ns, c in sorted(by_ns.items(), key=lambda kv: (-sum(kv[1].values()), kv[0])):
        total += c
        n = sum(c.values())
        if n < args.min:
            continue
        known = n - c["unknown"]
        print(f"{ns:45} {n:5} {known:6} {known / n:7.1%}  "
              f"{c['consistent']}/{c['differs']}/{c['missing']}/{c['not-applicable']}")
    n = sum(total.values())
    known = n - total["unknown"]
    print(f"{'ALL (' + args.release + ')':45} {n:5} {known:6} {known / n:7.1%}  "
          f"{total['consistent']}/{total['differs']}/{total['missing']}/{total['not-applicable']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
