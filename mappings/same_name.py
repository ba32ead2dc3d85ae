"""Same-named MindSpore counterparts, found in the installed package, for torch APIs that no table row covers.

Only existence is checked here (a callable, or a property for a torch property); build.py records its hits as
`differs`/`unverified`, introspected.py judges them by parameter names. Used for 2.10 only.
"""
from __future__ import annotations

import glob
import importlib
import inspect
import json
import os
import re

# torch namespace -> (catalogue kinds searched, MindSpore namespaces tried in order). The most specific
# namespace comes first; "torch." matches only names directly under torch (torch.X, not torch.a.X).
SEARCH = (
    ("torch.nn.functional.", ("function",), ("mindspore.mint.nn.functional.", "mindspore.ops.")),
    ("torch.nn.", ("nn_module",), ("mindspore.mint.nn.", "mindspore.nn.")),
    ("torch.linalg.", ("function",), ("mindspore.mint.linalg.", "mindspore.ops.")),
    ("torch.fft.", ("function",), ("mindspore.mint.fft.", "mindspore.ops.")),
    ("torch.special.", ("function",), ("mindspore.mint.special.", "mindspore.ops.")),
    ("torch.optim.lr_scheduler.", ("class",), ("mindspore.experimental.optim.lr_scheduler.",)),
    ("torch.optim.", ("optimizer",), ("mindspore.mint.optim.", "mindspore.experimental.optim.", "mindspore.nn.")),
    ("torch.distributions.", ("class",), ("mindspore.nn.probability.distribution.",)),
    ("torch.distributed.", ("function",), ("mindspore.mint.distributed.", "mindspore.communication.")),
    ("torch.utils.dlpack.", ("function",), ("mindspore.utils.dlpack.",)),
    ("torch.", ("function",), ("mindspore.mint.", "mindspore.ops.", "mindspore.numpy.")),
)
# a Tensor method MindSpore has only as a function (`x.relu()` -> `mindspore.ops.relu(x)`): tried after the method
TENSOR_FUNCTIONS = ("mindspore.mint.", "mindspore.ops.")
TENSOR = "torch.Tensor."
# catalogue member lists -> (torch owner, MindSpore owner): `model.eval()` is `torch.nn.Module.eval`
MEMBERS = (
    ("tensor_members", "torch.Tensor", "mindspore.Tensor"),
    ("module_members", "torch.nn.Module", "mindspore.nn.Cell"),
    ("optimizer_members", "torch.optim.Optimizer", "mindspore.experimental.optim.Optimizer"),
    ("lr_scheduler_members", "torch.optim.lr_scheduler.LRScheduler",
     "mindspore.experimental.optim.lr_scheduler.LRScheduler"),
)
_VERSION_DIR = re.compile(r"^\d+(\.\d+)*$")


def load_catalogue(base: str) -> dict:
    """The newest torch catalogue under <base>/torch/<version>/torch_api.json."""
    paths = [p for p in glob.glob(os.path.join(base, "torch", "*", "torch_api.json"))
             if _VERSION_DIR.match(os.path.basename(os.path.dirname(p)))]
    if not paths:
        raise FileNotFoundError(f"no torch catalogue under {base}/torch/")
    newest = max(paths, key=lambda p: tuple(int(x) for x in os.path.basename(os.path.dirname(p)).split(".")))
    with open(newest, encoding="utf-8") as f:
        return json.load(f)


def candidates(catalogue: dict) -> list[tuple[str, tuple[str, ...], bool]]:
    """(torch API, MindSpore names to try, torch side is a property) for every searchable catalogue entry."""
    out = []
    for key, owner, ms_owner in MEMBERS:
        for member, kind in catalogue.get(key, {}).items():
            if not member.startswith("_"):
                extra = tuple(t + member for t in TENSOR_FUNCTIONS) if owner == "torch.Tensor" and kind != "property" \
                    else ()
                out.append((f"{owner}.{member}", (f"{ms_owner}.{member}",) + extra, kind == "property"))
    for api, kind in catalogue["api"].items():
        ns, _, name = api.rpartition(".")
        if name.startswith("_"):
            continue
        for prefix, kinds, targets in SEARCH:
            if ns + "." == prefix:
                if kind in kinds:
                    out.append((api, tuple(t + name for t in targets), False))
                break
    return sorted(out)


def _is_inplace(api: str) -> bool:
    return api.endswith("_") and not api.endswith("__")


def _matches(obj, want_property: bool) -> bool:
    if want_property:
        return isinstance(obj, property) or inspect.isgetsetdescriptor(obj) or inspect.ismemberdescriptor(obj)
    return callable(obj) and not inspect.ismodule(obj)


def find(catalogue: dict, covered: set[str], resolve, derivable: set[str] = frozenset()) -> dict[str, str]:
    """torch API -> first same-named MindSpore target that resolves, for APIs not in `covered`.

    An in-place name (`x.add_`) is skipped when its out-of-place base is in `derivable` (the release's own rows)
    or found here: ms-scan derives the in-place lookup from those, but not from curated rows.
    """
    found: dict[str, str] = {}
    cands = candidates(catalogue)
    for inplace_pass in (False, True):
        for api, targets, want_property in cands:
            if api in covered or _is_inplace(api) != inplace_pass:
                continue
            if inplace_pass and (api[:-1] in derivable or api[:-1] in found):
                continue
            for target in targets:
                obj = resolve(target)
                if obj is not None and _matches(obj, want_property):
                    found[api] = target
                    break
    return dict(sorted(found.items()))


def provenance(target: str, resolve) -> tuple[str, int]:
    """(path relative to site-packages, 1-based line) of the target's definition; its module file, line 1, when
    the object has no Python source (a C++ primitive)."""
    obj = resolve(target)
    if isinstance(obj, property):
        obj = obj.fget
    root = os.path.dirname(os.path.dirname(importlib.import_module("mindspore").__file__))
    try:
        path, line = inspect.getsourcefile(obj), max(1, inspect.getsourcelines(obj)[1])
    except (TypeError, OSError):
        path, line = None, 1
    if not path:   # a C++ method or primitive: point at its owner (the Tensor class, the ops module)
        owner = resolve(target.rpartition(".")[0])
        try:
            path = inspect.getsourcefile(owner)
            line = max(1, inspect.getsourcelines(owner)[1]) if inspect.isclass(owner) else 1
        except (TypeError, OSError):
            path, line = None, 1
    path = path or os.path.join(root, "mindspore", "__init__.py")
    return os.path.relpath(path, root).replace(os.sep, "/"), line
