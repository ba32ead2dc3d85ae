"""MS2xx: shapes that depend on tensor data, which MindSpore graph mode cannot compile as written.
Reads ShapeFacts only; the workaround names a static-shape shim from ms_scan/shims/catalog.json when one exists."""
from __future__ import annotations

from ms_scan.extract.shapes import ShapeFact
from ms_scan.findings import Finding
from ms_scan.rules import RuleInfo, register
from ms_scan.shims.catalog import shims_for

# the migration guide's "Strategies for Migrating Dynamic Shape" (mask mechanism, replacing shape-changing APIs)
DOCS = "https://www.mindspore.cn/docs/en/r2.3.0/migration_guide/dynamic_shape.html"

OP = register(RuleInfo(
    "MS201", "data-dependent-output-op", "error",
    "The op returns as many elements as the data says (nonzero, masked_select, unique, one-argument "
    "where, bincount, repeat_interleave by a tensor, one_hot without num_classes): graph mode needs a "
    "static bound.",
    valid=(
        "import torch\ndef f(x):\n    return torch.nonzero_static(x > 0, size=16)\n",
        "import torch\ndef f(x, y):\n    return torch.where(x > 0, x, y)\n",
        "import torch.nn.functional as F\ndef f(y):\n    return F.one_hot(y, num_classes=10)\n",
        "import torch\ndef f(x, r):\n    return x.repeat_interleave(r, dim=0, output_size=12)\n",
        "import torch\ndef nonzero_mean(x, mask):\n    return (x * mask).sum() / torch.count_nonzero(mask)\n",
    ),
    invalid=(
        "import torch\ndef f(x):\n    return torch.nonzero(x > 0)\n",
        "import torch as th\ndef f(x, m):\n    return th.masked_select(x, m)\n",
        "import torch\ndef f(x: torch.Tensor):\n    return x.unique()\n",
        "import torch\ndef f(x):\n    return torch.where(x > 0)\n",
    ),
    help_uri=DOCS,
))
MASK = register(RuleInfo(
    "MS202", "boolean-mask-index", "error",
    "Reading `x[mask]` with a boolean tensor keeps one row per True: the result length is data.",
    valid=(
        "import torch\ndef f(x):\n    m = x > 0\n    x[m] = 0\n    return x\n",
        "import torch\ndef f(x):\n    return x.masked_fill(x < 0, 0.0)\n",
        "import torch\ndef f(x, scores):\n    return x[scores.argsort()[:8]]\n",
    ),
    invalid=(
        "import torch\ndef f(x: torch.Tensor):\n    return x[x > 0]\n",
        "import torch\ndef f(x: torch.Tensor):\n    keep = torch.tensor([True, False, True])\n"
        "    return x[:, keep]\n",
    ),
    help_uri=DOCS,
))
SIZE = register(RuleInfo(
    "MS203", "tensor-value-as-size", "error",
    "A value read out of a tensor (int(t), t.item(), t.tolist(), len(t.nonzero()), a 0-d tensor) "
    "becomes a size: a slice bound, topk k, narrow, arange, view/reshape, new_zeros, a range() count.",
    valid=(
        "import torch\ndef f(x: torch.Tensor):\n    n = x.shape[0] // 2\n    return x[:n]\n",
        "import torch\ndef f(x: torch.Tensor):\n    s = x.max().item()\n    return x / s\n",
        "import torch\ndef f(x: torch.Tensor):\n    return x.topk(10).values\n",
    ),
    invalid=(
        "import torch\ndef f(x: torch.Tensor, m: torch.Tensor):\n    k = int(m.sum())\n    return x[:k]\n",
        "import torch\ndef f(x: torch.Tensor, m: torch.Tensor):\n    k = m.sum().item()\n"
        "    return x.topk(k).values\n",
        "import torch\ndef f(n: torch.Tensor):\n    return torch.arange(int(n))\n",
    ),
    help_uri=DOCS,
))
BRANCH = register(RuleInfo(
    "MS204", "tensor-value-control-flow", "error",
    "A Python if/while whose condition needs a tensor value: graph mode must compile both branches "
    "(and cannot unroll a data-dependent loop).",
    valid=(
        "import torch\ndef f(x: torch.Tensor, use_bias=False):\n    if use_bias:\n        x = x + 1\n"
        "    return x\n",
        "import torch\ndef f(x: torch.Tensor):\n    if x.shape[0] > 4:\n        x = x[:4]\n    return x\n",
        "import torch\ndef f(x: torch.Tensor, mask=None):\n    if mask is not None:\n        x = x * mask\n"
        "    return x\n",
    ),
    invalid=(
        "import torch\ndef f(x: torch.Tensor):\n    if x.sum() > 0:\n        x = x[:, 1:]\n    return x\n",
        "import torch\ndef f(p: torch.Tensor, tol=1e-3):\n    err = torch.ones(1)\n"
        "    while (err > tol).any():\n        p = p / p.sum()\n        err = (p - 1).abs().max()\n"
        "    return p\n",
    ),
    help_uri=DOCS,
))
_RULES = {r.code: r for r in (OP, MASK, SIZE, BRANCH)}

# PyNative runs Python eagerly: a dynamic shape still works there (it only recompiles or slows a
# @jit-compiled cell); a Python branch on a value is plain Python.
_PYNATIVE = {"MS201": "warning", "MS202": "warning", "MS203": "warning", "MS204": "note"}
# which catalogue key holds the shim for an MS201 op
_SHIM_KEY = {"torch.where": "torch.nonzero", "torch.Tensor.argwhere": "torch.argwhere",
             "torch.unique_consecutive": None, "torch.Tensor.unique_consecutive": None}
_OP_ADVICE = {
    "nonzero": "use a fixed-size, padded nonzero (torch.nonzero_static(x, size=N) or {shim}) and carry a "
               "valid mask, or keep the dense tensor and multiply by the mask",
    "argwhere": "use a fixed-size, padded nonzero ({shim}) and carry a valid mask",
    "where": "one-argument where is nonzero(as_tuple=True): use a padded nonzero ({shim}), or the "
             "three-argument where that keeps the shape",
    "masked_select": "multiply by the mask (x * mask) or masked_fill instead of selecting, or pad to a "
                     "static bound with {shim}",
    "unique": "use a padded, fixed-size unique ({shim}) with a static bound on distinct values",
    "unique_consecutive": "compare neighbours (x[1:] != x[:-1]) into a mask and keep the dense tensor",
    "bincount": "count into a fixed number of bins: one_hot(x, C).sum(0) or zeros(C).scatter_add_",
    "repeat_interleave": "pass output_size= (a static bound), or build the index with a fixed length",
    "one_hot": "pass num_classes= explicitly",
    "pack_padded_sequence": "keep the padded batch and mask the padded steps",
    "pack_sequence": "keep a padded batch and mask the padded steps",
    "pad_packed_sequence": "pass total_length= (the padded length)",
    "nms": "run NMS with a fixed number of outputs (scores masked to -inf, topk to max_det) and a valid mask",
    "batched_nms": "run NMS with a fixed number of outputs (topk to max_det) and a valid mask",
    "remove_small_boxes": "keep every box and mask the small ones out of the scores",
}


def _shim(api: str) -> dict | None:
    key = _SHIM_KEY.get(api, api)
    if key is None:
        return None
    for entry in shims_for(key):
        if entry["family"] == "static-shape":
            return {"name": entry["name"], "import_path": entry["import_path"]}
    return None


def severity(fact: ShapeFact, mode: str) -> str:
    if mode == "pynative":
        return _PYNATIVE[fact.code]
    if fact.code == "MS204" and fact.api.endswith(":guard"):
        return "warning"  # the branch only raises or logs: both paths have the same shapes
    return _RULES[fact.code].severity


def _message(fact: ShapeFact, mode: str) -> tuple[str, str, dict | None]:
    """(message, workaround note, shim) for one fact."""
    graph = "graph mode" if mode != "pynative" else "a @jit / graph-compiled cell"
    origin = f" (line {fact.origin_line})" if fact.origin_line and fact.origin_line != fact.line else ""
    if fact.code == "MS201":
        shim = _shim(fact.api)
        short = fact.api.rpartition(".")[2]
        advice = _OP_ADVICE.get(short, "bound the output to a static size and carry a valid mask")
        advice = advice.format(shim=shim["name"] if shim else "a static-shape shim")
        return (f"`{fact.api}` has a data-dependent output shape ({fact.reason}); {graph} needs static "
                f"shapes: {advice}", advice, shim)
    if fact.code == "MS202":
        shim = _shim(fact.api)
        advice = ("keep the dense tensor and multiply by the mask (x * mask.unsqueeze(-1)) or masked_fill "
                  "before reducing; if the rows are needed, gather into a static bound with "
                  f"{shim['name'] if shim else 'a padded gather'} and a valid mask")
        return f"boolean-mask read: {fact.reason}{origin}; {graph} needs static shapes: {advice}", advice, shim
    if fact.code == "MS203":
        sink = {"slice": "a slice bound", "range": "a range() trip count"}.get(fact.api, f"`{fact.api}`")
        shim = _shim(fact.api) if fact.api.endswith("topk") else None
        if shim is not None:
            advice = f"take topk with a static k_max and mask the tail ({shim['name']})"
        elif fact.api == "range":
            advice = "unroll to a static maximum count and mask the unused iterations"
        else:
            advice = "use a static upper bound (pad to it) and carry the real count as a mask"
        return (f"tensor value used as a size in {sink}: {fact.reason}{origin}; the output shape depends on "
                f"data, which {graph} cannot compile: {advice}", advice, shim)
    advice = ("compute both branches and select with torch.where (mindspore.ops.select), unroll the loop "
              "to a static count, or move the check out of the compiled cell")
    if fact.api.endswith(":guard"):
        advice = "the branch only raises or logs: move the check out of the compiled cell, or drop it"
    kind = fact.api.split(":")[0]
    return (f"Python `{kind}` on a tensor value: {fact.reason}{origin}; {graph} has to trace it as "
            f"data-dependent control flow: {advice}", advice, None)


def check(path: str, shape_facts: list[ShapeFact], snippets: dict[int, str], mode: str = "graph") -> list[Finding]:
    findings = []
    for fact in shape_facts:
        rule = _RULES[fact.code]
        message, note, shim = _message(fact, mode)
        findings.append(Finding(
            code=rule.code, name=rule.name, severity=severity(fact, mode), confidence=fact.confidence,
            message=message, path=path, line=fact.line, column=fact.column, end_line=fact.end_line,
            end_column=fact.end_column, torch_api=fact.api if fact.api.startswith("torch") else None,
            kind="call" if fact.code == "MS201" or (fact.code == "MS203" and fact.api != "slice") else None,
            note=note, docs_url=rule.help_uri or None, shim=shim,
            snippet=snippets.get(fact.line, "")))
    return findings
