"""Build mappings/torch/<version>/torch_api.json: the public PyTorch API surface, read by introspection.

Runs against an installed torch (never on ms-scan's scan path): `python -m mappings.torch_api`.
The catalogue gives ms-scan canonical names (re-exports collapse to one spelling), what each
name is (function, class, nn.Module subclass, dtype, submodule, constant) and the Tensor /
nn.Module / Optimizer method names used to recognise method calls without types.
"""
from __future__ import annotations

import argparse
import hashlib
import importlib
import inspect
import json
import pkgutil
import types
from pathlib import Path

# Namespaces walked (public attributes only). Subpackages listed with a trailing ".*" are
# walked recursively so deep re-export paths (torch.nn.modules.conv.Conv2d) get a canonical name.
NAMESPACES = [
    "torch", "torch.nn", "torch.nn.functional", "torch.nn.init", "torch.nn.utils",
    "torch.nn.utils.rnn", "torch.nn.utils.parametrize", "torch.nn.utils.parametrizations",
    "torch.nn.parallel", "torch.nn.modules.*", "torch.nn.attention", "torch.nn.parameter",
    "torch.linalg", "torch.fft", "torch.special", "torch.autograd", "torch.autograd.functional",
    "torch.autograd.graph", "torch.func", "torch.optim", "torch.optim.lr_scheduler",
    "torch.optim.swa_utils", "torch.optim.*", "torch.utils", "torch.utils.data", "torch.utils.data.*",
    "torch.utils.checkpoint", "torch.utils.hooks", "torch.distributed", "torch.distributed.nn",
    "torch.distributions", "torch.distributions.*", "torch.cuda", "torch.cuda.amp", "torch.amp",
    "torch.cpu", "torch.cpu.amp", "torch.backends", "torch.backends.cudnn", "torch.backends.cuda",
    "torch.backends.mps", "torch.mps", "torch.xpu", "torch.jit", "torch.compiler", "torch.sparse",
    "torch.nested", "torch.masked", "torch.random", "torch.testing", "torch.hub", "torch.onnx",
    "torch.export", "torch.library", "torch.overrides", "torch.types", "torch.serialization",
    "torch.multiprocessing", "torch.quantization", "torch.ao.quantization", "torch.profiler",
    "torch.signal", "torch.signal.windows", "torch.accelerator", "torch.functional",
]


def _import(name: str):
    try:
        return importlib.import_module(name)
    except Exception:  # optional backends (distributed without a build, etc.)
        return None


def _expand(namespaces: list[str]) -> list[str]:
    out: list[str] = []
    for ns in namespaces:
        if ns.endswith(".*"):
            base = ns[:-2]
            mod = _import(base)
            if mod is None or not hasattr(mod, "__path__"):
                continue
            out.append(base)
            for info in pkgutil.walk_packages(mod.__path__, base + "."):
                if any(part.startswith("_") for part in info.name.split(".")):
                    continue
                out.append(info.name)
        else:
            out.append(ns)
    seen: set[str] = set()
    return [n for n in out if not (n in seen or seen.add(n))]


def _kind(obj, torch) -> str:
    if isinstance(obj, types.ModuleType):
        return "module"
    if isinstance(obj, torch.dtype):
        return "dtype"
    if inspect.isclass(obj):
        if issubclass(obj, torch.nn.Module):
            return "nn_module"
        if issubclass(obj, torch.optim.Optimizer):
            return "optimizer"
        if issubclass(obj, BaseException):
            return "exception"
        return "class"
    if callable(obj):
        return "function"
    return "constant"


# Namespaces that are implementation detail: a name reached through one of these collapses to its
# public spelling. Two public namespaces holding the same object (torch.conv2d and
# torch.nn.functional.conv2d) both stay canonical: users and the mapping tables name both.
IMPLEMENTATION = ("torch.functional", "torch.nn.parameter", "torch.serialization", "torch.random",
                  "torch.types", "torch.overrides", "torch.nn.modules", "torch.optim.",
                  "torch.utils.data.", "torch.distributions.")
PUBLIC_EXCEPTIONS = ("torch.optim.lr_scheduler", "torch.optim.swa_utils")


def _public(path: str) -> bool:
    ns = path.rpartition(".")[0]
    if ns in PUBLIC_EXCEPTIONS:
        return True
    return not any(ns == p or ns.startswith(p if p.endswith(".") else p + ".") or
                   (p.endswith(".") and ns.startswith(p)) for p in IMPLEMENTATION)


def _rank(path: str) -> tuple:
    parts = path.split(".")
    # prefer: no private segment, torch.nn over torch.nn.modules.x, fewer segments, then name
    return (any(p.startswith("_") for p in parts), ".modules." in path, len(parts), path)


def build(torch) -> dict:
    paths_by_id: dict[int, list[str]] = {}
    kinds: dict[str, str] = {}
    keep_alive = []
    for ns in _expand(NAMESPACES):
        mod = _import(ns)
        if mod is None:
            continue
        kinds.setdefault(ns, "module")  # `torch.compiler` on its own is a namespace, not an API
        names = getattr(mod, "__all__", None)
        names = list(names) if names else [n for n in dir(mod) if not n.startswith("_")]
        for name in names:
            if name.startswith("_"):
                continue
            try:
                obj = getattr(mod, name)
            except Exception:
                continue
            path = f"{ns}.{name}"
            kind = _kind(obj, torch)
            if kind == "module" and not getattr(obj, "__name__", "").startswith("torch"):
                continue  # `torch.nn.functional.math` and similar stdlib leaks
            if kind == "constant" and isinstance(obj, (int, float, str, bool)) and ns != "torch":
                continue
            kinds[path] = kind
            if kind in ("constant", "dtype"):
                continue  # identity of immutable values says nothing about re-export
            keep_alive.append(obj)
            paths_by_id.setdefault(id(obj), []).append(path)
    canonical: dict[str, str] = {}
    for paths in paths_by_id.values():
        best = min(paths, key=_rank)
        for p in paths:
            if p != best and not _public(p):
                canonical[p] = best
    api = {p: k for p, k in kinds.items() if p not in canonical}

    def members(cls) -> dict[str, str]:
        out = {}
        for name in dir(cls):
            if name.startswith("_"):
                continue
            raw = inspect.getattr_static(cls, name, None)
            out[name] = "property" if isinstance(raw, (property, types.GetSetDescriptorType,
                                                        types.MemberDescriptorType)) else "method"
        return dict(sorted(out.items()))

    tensor = members(torch.Tensor)
    builtin_names = set()
    for typ in (str, bytes, list, dict, set, tuple, int, float, complex):
        builtin_names |= {n for n in dir(typ) if not n.startswith("_")}
    try:
        import numpy
        numpy_names = {n for n in dir(numpy.ndarray) if not n.startswith("_")}
    except ImportError:  # the overlap list is then empty; ms-scan is only less careful
        numpy_names = set()
    return {
        "torch_version": torch.__version__.split("+")[0],
        # Tensor member names that builtins or numpy arrays also have: ambiguous on an unknown receiver
        "tensor_builtin_overlap": sorted(builtin_names & set(tensor)),
        "tensor_numpy_overlap": sorted(numpy_names & set(tensor)),
        "api": dict(sorted(api.items())),
        "canonical": dict(sorted(canonical.items())),
        "tensor_members": tensor,
        "module_members": members(torch.nn.Module),
        "optimizer_members": members(torch.optim.Optimizer),
        "lr_scheduler_members": members(torch.optim.lr_scheduler.LRScheduler),
    }


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(Path(__file__).parent / "torch"))
    args = ap.parse_args(argv)
    import warnings
    warnings.filterwarnings("ignore")
    import torch
    data = build(torch)
    out = Path(args.out) / data["torch_version"]
    out.mkdir(parents=True, exist_ok=True)
    text = json.dumps(data, indent=0, sort_keys=True) + "\n"
    (out / "torch_api.json").write_text(text)
    print(f"{out/'torch_api.json'}: {len(data['api'])} names, {len(data['canonical'])} aliases, "
          f"{len(data['tensor_members'])} Tensor members, sha256 {hashlib.sha256(text.encode()).hexdigest()[:12]}")


if __name__ == "__main__":
    main()
