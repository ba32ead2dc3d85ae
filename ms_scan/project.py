"""Cross-file facts: uses through names the project re-exports (`from .layers import nn`).

Works on cached per-file facts only (exports, re-exports, deferred references), so a change to
one file never needs another file re-parsed.
"""
from __future__ import annotations

from ms_scan.extract import TENSOR_EXPORT
from ms_scan.extract.catalog import load_catalog
from ms_scan.facts import FileFacts

_MAX_HOPS = 16


def resolve(all_facts: list[FileFacts]) -> None:
    """Turn each file's deferred references into ApiUses where they lead to torch."""
    exports = {f.module: f.exports for f in all_facts if f.module}
    reexports = {f.module: f.reexports for f in all_facts if f.module}
    modules = set(exports)
    cat = load_catalog()

    def lookup(module: str, name: str, hops: int = 0) -> str | None:
        if hops > _MAX_HOPS:
            return None
        found = exports.get(module, {}).get(name)
        if found is not None:
            return found
        nxt = reexports.get(module, {}).get(name)
        if nxt is not None:
            return lookup(nxt[0], nxt[1], hops + 1)
        return None

    for facts in all_facts:
        if not facts.deferred:
            continue
        for ref in facts.deferred:
            module, name, rest = ref.module, ref.name, ref.rest
            while f"{module}.{name}" in modules and rest:  # `pkg.layers.nn.Conv2d`
                module = f"{module}.{name}"
                name, _, rest = rest.partition(".")
            path = lookup(module, name)
            if path is None:
                continue
            if path == TENSOR_EXPORT:  # `from .tables import T; T.view(4, 4)`
                if not rest or "." in rest or rest not in cat.tensor_members:
                    continue
                path = "torch.Tensor"
            api = cat.canonical_name(f"{path}.{rest}" if rest else path)
            kind = cat.kind(api)
            if api.count(".") == 0 or kind == "module":
                continue
            use = ref.use
            use.api = api
            if use.kind in ("attribute", "reference"):
                use.kind = "attribute" if kind in ("dtype", "constant") else "reference"
            facts.uses.append(use)
        facts.uses.sort(key=lambda u: (u.line, u.column, u.api))
        facts.deferred = []
