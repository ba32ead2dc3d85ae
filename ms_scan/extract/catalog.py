"""The PyTorch API catalogue (mappings/torch/<ver>/torch_api.json), loaded once per process.

Answers "is this dotted name a torch API, what kind, what is its canonical spelling" and holds the
Tensor / nn.Module / Optimizer member names used to recognise method calls.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache

from ms_scan.datafiles import mappings_dir

# Roots whose attribute chains are PyTorch-family APIs.
TORCH_ROOTS = ("torch", "torchvision", "torchaudio", "torchtext")
# Tensor methods that are spellings of another: torch dispatches `x.ndimension()` as `Tensor.dim` (its
# __torch_function__ receives TensorBase.dim), so a use is named the way torch itself names the op.
# Found by calling every Tensor method of the 2.13 catalogue under a TorchFunctionMode.
TENSOR_DISPATCH_NAMES = {"ndimension": "dim", "nelement": "numel", "to_sparse_coo": "to_sparse"}


@dataclass(frozen=True)
class TorchCatalog:
    version: str
    api: dict  # canonical name -> kind
    canonical: dict  # alias path -> canonical name
    tensor_members: dict  # name -> method | property
    module_members: dict
    optimizer_members: dict
    lr_scheduler_members: dict
    builtin_overlap: frozenset
    numpy_overlap: frozenset

    def canonical_name(self, dotted: str) -> str:
        """Collapse re-export spellings: torch.nn.modules.conv.Conv2d -> torch.nn.Conv2d."""
        name = self.canonical.get(dotted)
        if name:
            return name
        # a member of an aliased prefix: torch.nn.modules.module.Module.to -> torch.nn.Module.to
        head, _, tail = dotted.rpartition(".")
        while head:
            canon = self.canonical.get(head)
            if canon:
                return f"{canon}.{tail}"
            head, _, last = head.rpartition(".")
            tail = f"{last}.{tail}"
        return dotted

    def kind(self, canonical: str) -> str | None:
        kind = self.api.get(canonical)
        if kind:
            return kind
        owner, _, member = canonical.rpartition(".")
        if owner == "torch.Tensor" and member in self.tensor_members:
            return "tensor_" + self.tensor_members[member]
        if owner == "torch.nn.Module" and member in self.module_members:
            return "module_" + self.module_members[member]
        return None


@lru_cache(maxsize=1)
def load_catalog() -> TorchCatalog:
    base = mappings_dir() / "torch"
    newest = max((p for p in base.iterdir() if (p / "torch_api.json").is_file()),
                 key=lambda p: tuple(int(x) for x in p.name.split(".") if x.isdigit()))
    data = json.loads((newest / "torch_api.json").read_text())
    return TorchCatalog(
        version=data["torch_version"],
        api=data["api"],
        canonical=data["canonical"],
        tensor_members=data["tensor_members"],
        module_members=data["module_members"],
        optimizer_members=data["optimizer_members"],
        lr_scheduler_members=data["lr_scheduler_members"],
        builtin_overlap=frozenset(data["tensor_builtin_overlap"]),
        numpy_overlap=frozenset(data["tensor_numpy_overlap"]),
    )
