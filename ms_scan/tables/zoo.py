"""torchvision model builders and timm architectures -> the torch ops their forward runs (mappings/zoo/).

The data is recorded by mappings/zoo/build.py from one training-mode forward of each builder; each op carries the
path of the submodule it ran in (`layer1.0`, `features.3`, `""` for the model's own forward), in first-run order.
The second-order rule reads it where a torchvision model is on a twice-differentiated path
(extract/grad_expand.py): the model's layers are not in the scanned project, so without it the path stops there.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache

from ms_scan.datafiles import mappings_dir

PREFIX = "torchvision.models."


@dataclass(frozen=True, slots=True)
class ZooModel:
    name: str  # the builder's (or class's, timm architecture's) name: resnet18
    children: tuple[str, ...]  # the model's named children, in order (`list(m.children())[:-2]`)
    ops: tuple[tuple[str, str, tuple], ...]  # (submodule path, torch API, selector args) in first-run order
    library: str = "torchvision"

    def part_ops(self, parts=None, dropped=()) -> list[tuple[str, str, tuple]]:
        """(path, api, args) of each distinct op (API and the string arguments that select its primitive,
        `(("mode", "bilinear"),)`) the model runs, first path kept. `parts`: the submodule paths kept
        (a path keeps itself and what is below it: `features` keeps `features.3`), None for all; `dropped`:
        the paths the project replaced or cut away (`m.avgpool = nn.Identity()`), with what is below them."""
        out: dict[tuple, str] = {}
        for path, api, args in self.ops:
            if parts is not None and not any(_below(path, p) for p in parts):
                continue
            if any(_below(path, d) for d in dropped):
                continue
            out.setdefault((api, args), path)
        return [(p, a, args) for (a, args), p in out.items()]

    def step(self, path: str = "") -> str:
        """The `via` step naming the model and, when given, the part an op runs in: "torchvision resnet18: fc"."""
        return f"{self.library} {self.name}" + (f": {path}" if path else "")

    def has_part(self, path: str) -> bool:
        return any(_below(p, path) for p, _, _ in self.ops) or path in self.children


def _below(path: str, part: str) -> bool:
    return path == part or path.startswith(part + ".")


@lru_cache(maxsize=None)
def _data(library: str = "torchvision") -> dict:
    path = mappings_dir() / "zoo" / f"{library}.json"
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {"models": {}}


TIMM_FACTORIES = frozenset({"timm.create_model", "timm.models.create_model", "timm.models._factory.create_model"})


@lru_cache(maxsize=None)
def timm_model(name: str) -> ZooModel | None:
    """The recorded timm architecture `timm.create_model(name)` builds (a pretrained tag dropped:
    `resnet50.a1_in1k`); None for the names not recorded (mappings/zoo/build.py TIMM_MODELS)."""
    data = _data("timm")
    arch = name.split(".")[0]
    row = data["models"].get(arch)
    if row is None:
        return None
    return ZooModel(arch, tuple(row["children"]), _ops(row), "timm")


@lru_cache(maxsize=None)
def zoo_model(api: str) -> ZooModel | None:
    """The recorded builder `api` names: `torchvision.models.resnet18`, `torchvision.models.resnet.resnet18`,
    `torchvision.models.video.r3d_18`; or a model class built directly (`torchvision.models.densenet.DenseNet`,
    `torchvision.models.ResNet`): the ops any of its builders runs, in the order of the first one's. None for
    anything else."""
    if not api.startswith(PREFIX):
        return None
    package, _, name = api.rpartition(".")
    models = _data()["models"]
    row = models.get(name)
    if row is not None and (row["builder"] == api or row["builder"].startswith(package + ".")):
        return ZooModel(name, tuple(row["children"]), _ops(row))
    rows = [models[n] for n in sorted(models) if models[n]["class"] == api or
            models[n]["class"].rpartition(".")[2] == name and models[n]["class"].startswith(package + ".")]
    if not rows:
        return None
    ops = dict.fromkeys(op for r in rows for op in _ops(r))
    return ZooModel(name, tuple(rows[0]["children"]), tuple(ops))


def _ops(row: dict) -> tuple:
    return tuple((op[0], op[1], tuple(sorted(op[2].items())) if len(op) > 2 else ()) for op in row["ops"])


