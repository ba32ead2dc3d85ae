"""The training-recipe checklist (what to reproduce on MindSpore, with the counterpart to use) and MS4xx
findings for sparse tensors, device handling and nn.Module API differences. Reads recipe facts only.
"""
from __future__ import annotations

from ms_scan.extract.recipe import FINDING_ITEMS, RECIPE_ITEMS, ContextSpan, RecipeFact
from ms_scan.extract.recipe import context_of as _context_of
from ms_scan.findings import Finding
from ms_scan.rules import RuleInfo, register

SPARSE = register(RuleInfo(
    "MS401", "sparse-tensor", "warning",
    "Sparse tensors: MindSpore has COOTensor and CSRTensor with a limited set of operators; an op without "
    "sparse support needs the dense form (more memory: a smaller batch with gradient accumulation).",
    valid=("import torch\nx = torch.zeros(3, 3)\ny = x.to_dense() if False else x\n",),
    invalid=("import torch\ni = torch.tensor([[0, 1], [1, 0]])\nv = torch.tensor([1.0, 2.0])\n"
             "s = torch.sparse_coo_tensor(i, v, (2, 2))\n",
             "import torch.nn as nn\nemb = nn.Embedding(1000, 64, sparse=True)\n"),
))
DEVICE = register(RuleInfo(
    "MS402", "device-handling", "note",
    "Device placement (.cuda(), .to(device), torch.device, CUDA_VISIBLE_DEVICES, DataParallel): MindSpore "
    "sets the device once (mindspore.set_device / set_context) and moves no tensor or Cell; drop these.",
    valid=("import torch\nx = torch.ones(2).to(torch.float16)\n",),
    invalid=("import torch\nx = torch.ones(2).cuda()\n",
             "import torch\ndevice = torch.device('cuda')\nx = torch.ones(2).to(device)\n"),
))
MODULE_API = register(RuleInfo(
    "MS403", "module-api-difference", "note",
    "An nn.Module API that a MindSpore Cell names or does differently: forward -> construct, train()/eval() -> "
    "set_train (a Cell starts in inference mode), parameters() -> trainable_params/get_parameters, "
    "state_dict -> checkpoint APIs, nn.Sequential -> SequentialCell, a plain list of layers -> CellList.",
    valid=("import torch\nimport torch.nn as nn\n\nclass Net(nn.Module):\n    def __init__(self):\n"
           "        super().__init__()\n        self.fc = nn.Linear(2, 2)\n",),
    invalid=("import torch.nn as nn\n\nclass Net(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
             "        self.fc = nn.Linear(2, 2)\n\n    def forward(self, x):\n        return self.fc(x)\n\n"
             "net = Net()\nnet.train()\n",
             "import torch.nn as nn\n\nclass Net(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
             "        self.blocks = [nn.Linear(2, 2) for _ in range(3)]\n"),
))

# Counterparts written in the checklist. Every `mindspore.*` name here is checked against the installed
# release by tests/test_recipe.py.
_OPTIMIZERS = {
    "SGD": "mindspore.nn.SGD(params, learning_rate, momentum, dampening, weight_decay, nesterov); "
           "mindspore.nn.Momentum when nesterov/momentum only",
    "Adam": "mindspore.nn.Adam", "AdamW": "mindspore.nn.AdamWeightDecay (or mindspore.mint.optim.AdamW)",
    "RMSprop": "mindspore.nn.RMSProp", "Adagrad": "mindspore.nn.Adagrad", "SparseAdam": "mindspore.nn.LazyAdam",
}
_SCHEDULES = {
    "CosineAnnealingLR": "mindspore.nn.cosine_decay_lr (a per-step LR list) or "
                         "mindspore.experimental.optim.lr_scheduler.CosineAnnealingLR",
    "StepLR": "mindspore.nn.piecewise_constant_lr or mindspore.experimental.optim.lr_scheduler.StepLR",
    "MultiStepLR": "mindspore.nn.piecewise_constant_lr or mindspore.experimental.optim.lr_scheduler.MultiStepLR",
    "OneCycleLR": "a precomputed per-step LR list (no OneCycleLR in MindSpore) passed as learning_rate",
    "LambdaLR": "a precomputed per-step LR list passed as learning_rate, or "
                "mindspore.experimental.optim.lr_scheduler.LambdaLR",
    "ExponentialLR": "mindspore.nn.exponential_decay_lr",
    "LinearLR": "mindspore.nn.warmup_lr or mindspore.experimental.optim.lr_scheduler.LinearLR",
    "SequentialLR": "concatenate per-step LR lists (mindspore.nn.warmup_lr + mindspore.nn.cosine_decay_lr)",
    "PolynomialLR": "mindspore.nn.polynomial_decay_lr",
    "CosineAnnealingWarmRestarts": "mindspore.experimental.optim.lr_scheduler.CosineAnnealingWarmRestarts",
}
_INITS = {
    "kaiming_normal_": "mindspore.common.initializer.HeNormal",
    "kaiming_uniform_": "mindspore.common.initializer.HeUniform",
    "xavier_normal_": "mindspore.common.initializer.XavierNormal",
    "xavier_uniform_": "mindspore.common.initializer.XavierUniform",
    "trunc_normal_": "mindspore.common.initializer.TruncatedNormal", "normal_": "mindspore.common.initializer.Normal",
    "uniform_": "mindspore.common.initializer.Uniform", "constant_": "mindspore.common.initializer.Constant",
    "zeros_": "mindspore.common.initializer.Zero", "ones_": "mindspore.common.initializer.One",
    "orthogonal_": "mindspore.common.initializer.Orthogonal", "dirac_": "mindspore.common.initializer.Dirac",
    "eye_": "mindspore.common.initializer.Identity", "sparse_": "mindspore.common.initializer.Sparse",
}
_BY_ITEM = {
    "optimizer": "mindspore.nn.SGD / mindspore.nn.Adam (learning_rate, weight_decay as arguments)",
    "param-groups": "group params: [{'params': ..., 'weight_decay': ...}, ..., {'order_params': "
                    "net.trainable_params()}] passed to mindspore.nn.SGD / mindspore.nn.Momentum",
    "lr-schedule": "a per-step LR list (mindspore.nn.cosine_decay_lr, mindspore.nn.piecewise_constant_lr) "
                   "passed as learning_rate",
    "lr-warmup": "mindspore.nn.warmup_lr list prepended to the decay list (or "
                 "mindspore.experimental.optim.lr_scheduler.LinearLR)",
    "mixed-precision": "mindspore.amp.auto_mixed_precision (O1/O2/O3) or mindspore.nn.Cell.to_float",
    "loss-scale": "mindspore.amp.DynamicLossScaler with mindspore.amp.all_finite (or "
                  "mindspore.amp.DynamicLossScaleManager with mindspore.train.Model)",
    "ema": "keep EMA weights as mindspore.Parameter copies updated with mindspore.ops.assign after each step "
           "(a mindspore.train.Callback with mindspore.train.Model)",
    "grad-clip": "mindspore.ops.clip_by_global_norm on the gradients (mindspore.ops.clip_by_value for value "
                 "clipping)",
    "grad-accumulation": "accumulate the gradients of mindspore.value_and_grad with mindspore.ops.assign_add "
                         "and step every N",
    "init": "mindspore.common.initializer.initializer with the matching initializer class",
    "distributed": "mindspore.communication.init + mindspore.set_auto_parallel_context(parallel_mode="
                   "mindspore.ParallelMode.DATA_PARALLEL, gradients_mean=True); "
                   "mindspore.dataset.DistributedSampler or num_shards/shard_id",
    "seed": "mindspore.set_seed (also seeds mindspore.dataset; mindspore.dataset.config.set_seed for data only)",
    "determinism": "mindspore.set_deterministic(True)",
    "label-smoothing": "mindspore.nn.CrossEntropyLoss(label_smoothing=...) or mindspore.ops.cross_entropy",
    "augmentation": "mindspore.dataset.vision transforms in mindspore.dataset.GeneratorDataset.map; "
                    "custom ops (mosaic, mixup) as Python functions in map (mindspore.dataset.vision.MixUpBatch "
                    "for batch mixup)",
    "epochs": "mindspore.train.Model.train(epoch, ...) or the training loop bound",
    "batch-size": "mindspore.dataset.Dataset.batch(batch_size, drop_remainder=True)",
}
_SPECIFIC = {
    ("mixed-precision", "autocast"): "mindspore.amp.auto_mixed_precision(net, 'O1') (no autocast context)",
    ("mixed-precision", "half"): "mindspore.nn.Cell.to_float(mindspore.float16) or mindspore.Tensor.half",
    ("ema", "AveragedModel"): "no AveragedModel: EMA weights as mindspore.Parameter copies updated with "
                              "mindspore.ops.assign (a mindspore.train.Callback)",
    ("grad-clip", "clip_grad_value_"): "mindspore.ops.clip_by_value on each gradient",
    ("distributed", "DataParallel"): "mindspore.set_auto_parallel_context(parallel_mode="
                                     "mindspore.ParallelMode.DATA_PARALLEL) after mindspore.communication.init",
    ("distributed", "DistributedSampler"): "mindspore.dataset.DistributedSampler",
    ("distributed", "init_process_group"): "mindspore.communication.init",
    ("distributed", "convert_sync_batchnorm"): "mindspore.nn.SyncBatchNorm",
}


def _mindspore_for(fact: RecipeFact) -> str:
    head = fact.value.split("(")[0].rpartition(".")[2].lstrip(".")
    if fact.item == "optimizer" and head in _OPTIMIZERS:
        return _OPTIMIZERS[head]
    if fact.item in ("lr-schedule", "lr-warmup") and head in _SCHEDULES:
        return _SCHEDULES[head]
    if fact.item == "init" and head in _INITS:
        return _INITS[head]
    for (item, key), text in _SPECIFIC.items():
        if item == fact.item and key in fact.value.split("(")[0]:
            return text
    return _BY_ITEM.get(fact.item, "")


def build_checklist(facts_by_file: dict[str, list[RecipeFact]]) -> list[dict]:
    """Checklist rows `{item, value, path, line, mindspore}` (plus `detail`), in item order then path/line."""
    order = {item: i for i, item in enumerate(RECIPE_ITEMS)}
    rows = []
    for path, facts in facts_by_file.items():
        for f in getattr(facts, "facts", facts):
            if f.item not in order:
                continue
            rows.append({"item": f.item, "value": f.value, "path": path, "line": f.line,
                         "mindspore": _mindspore_for(f), "detail": f.detail})
    rows.sort(key=lambda r: (order[r["item"]], r["path"], r["line"], r["value"]))
    return rows


def checklist_markdown(rows: list[dict]) -> str:
    """The checklist as a Markdown table (README / reports)."""
    out = ["| Item | Record | Where | MindSpore |", "|---|---|---|---|"]
    for r in rows:
        value = r["value"].replace("|", "\\|")
        out.append(f"| {r['item']} | `{value}` | {r['path']}:{r['line']} | {r['mindspore'].replace('|', '/')} |")
    return "\n".join(out) + "\n"


# --------------------------------------------------------------------------------------------- findings
_DEVICE_ADVICE = {
    "torch.Tensor.cuda": "`.cuda()` moves a tensor or module to the GPU",
    "torch.Tensor.to(device)": "`.to(device)` moves a tensor or module",
    "torch.device": "`torch.device(...)` names a device",
    "torch.cuda.set_device": "`torch.cuda.set_device` picks the GPU",
    "os.environ['CUDA_VISIBLE_DEVICES']": "`CUDA_VISIBLE_DEVICES` picks the GPUs",
    "torch.nn.DataParallel": "`DataParallel` splits batches across GPUs",
    "torch.nn.parallel.DataParallel": "`DataParallel` splits batches across GPUs",
}
_MODULE_ADVICE = {
    "forward": ("mindspore.nn.Cell.construct", "rename `forward` to `construct` (a Cell calls construct)"),
    "train": ("mindspore.nn.Cell.set_train", "use `set_train(True)`: a Cell is in inference mode until told "
              "otherwise, so Dropout/BatchNorm behave as in eval() if it is forgotten", "warning"),
    "eval": ("mindspore.nn.Cell.set_train", "use `set_train(False)`"),
    "named_children": ("mindspore.nn.Cell.name_cells", "use `name_cells()` (a dict) or `cells_and_names()`"),
    "children": ("mindspore.nn.Cell.cells", "use `cells()`"),
    "modules": ("mindspore.nn.Cell.cells_and_names", "use `cells_and_names()` (pairs, the Cell itself first)"),
    "named_modules": ("mindspore.nn.Cell.cells_and_names", "use `cells_and_names()`"),
    "add_module": ("mindspore.nn.Cell.insert_child_to_cell", "use `insert_child_to_cell(name, cell)`"),
    "parameters": ("mindspore.nn.Cell.trainable_params", "use `trainable_params()` (list) or `get_parameters()` "
                   "(generator)"),
    "named_parameters": ("mindspore.nn.Cell.parameters_and_names", "use `parameters_and_names()`; parameter "
                         "names carry the Cell path"),
    "register_buffer": ("mindspore.Parameter", "use a `Parameter(..., requires_grad=False)` attribute (or "
                        "`Cell.register_buffer` in recent releases); it is saved in checkpoints"),
    "state_dict": ("mindspore.save_checkpoint", "use `mindspore.save_checkpoint(net, path)` / "
                   "`parameters_dict()`; checkpoint names differ from torch keys"),
    "load_state_dict": ("mindspore.load_param_into_net", "use `mindspore.load_checkpoint` + "
                        "`mindspore.load_param_into_net`; torch weights need a name/layout conversion"),
    "zero_grad": (None, "drop it: MindSpore computes fresh gradients with value_and_grad each step"),
    "apply": ("mindspore.nn.Cell.apply", "`Cell.apply` exists; init code inside usually calls torch.nn.init: use "
              "mindspore.common.initializer"),
    "requires_grad_": ("mindspore.Parameter.requires_grad", "set `param.requires_grad = False` on Parameters"),
    "register_forward_hook": ("mindspore.nn.Cell.register_forward_hook", "hooks run only in PyNative mode"),
    "register_forward_pre_hook": ("mindspore.nn.Cell.register_forward_pre_hook", "hooks run only in PyNative "
                                  "mode"),
    "register_full_backward_hook": ("mindspore.nn.Cell.register_backward_hook", "hooks run only in PyNative "
                                    "mode"),
    "Sequential": ("mindspore.nn.SequentialCell", "use `SequentialCell` (takes a list or OrderedDict)"),
    "ModuleList": ("mindspore.nn.CellList", "use `CellList`"),
    "ModuleDict": ("mindspore.nn.CellDict", "use `CellDict`"),
    "ParameterList": ("mindspore.ParameterTuple", "use a `ParameterTuple` or separate Parameter attributes"),
    "list of modules": ("mindspore.nn.CellList", "wrap the list in `CellList`: a plain list of layers is not "
                        "registered, so its parameters are neither trained nor saved", "warning"),
}


def _finding(rule: RuleInfo, f: RecipeFact, path: str, snippets: dict, message: str, ms_api: str | None,
             confidence: str = "high", severity: str | None = None, torch_api: str | None = None) -> Finding:
    return Finding(code=rule.code, name=rule.name, severity=severity or rule.severity, confidence=confidence,
                   message=message, path=path, line=f.line, column=f.column, end_line=f.line, end_column=f.column,
                   torch_api=torch_api or f.value, kind="call", ms_api=ms_api, snippet=snippets.get(f.line, ""))


def check(path: str, recipe_facts: list[RecipeFact], snippets: dict) -> list[Finding]:
    out = []
    for f in recipe_facts:
        if f.item == "sparse":
            out.append(_finding(
                SPARSE, f, path, snippets,
                f"`{f.value}` builds or uses a sparse tensor. MindSpore supports COO (mindspore.COOTensor) and CSR "
                "(mindspore.CSRTensor) with a limited set of operators: check each op for sparse support, else "
                "convert to dense (Tensor.to_dense) and expect more memory (smaller batch + gradient accumulation).",
                "mindspore.COOTensor"))
        elif f.item == "device":
            what = _DEVICE_ADVICE.get(f.value, f"`{f.value}` handles devices")
            out.append(_finding(
                DEVICE, f, path, snippets,
                f"{what}. MindSpore sets the device once (mindspore.set_device / mindspore.set_context"
                "(device_target=...)) and moves nothing: drop it (DataParallel -> data-parallel context).",
                "mindspore.set_device", torch_api=f.value.replace("(device)", "")))
        elif f.item == "module-api":
            key = f.value.rpartition(".")[2] if f.value != "list of modules" else f.value
            advice = _MODULE_ADVICE.get(key)
            if advice is None:
                continue
            ms_api, text = advice[0], advice[1]
            severity = advice[2] if len(advice) > 2 else None
            conf = "medium" if "receiver unknown" in f.detail else "high"
            shown = f.detail if f.value == "list of modules" else f"`{f.value}`"
            out.append(_finding(MODULE_API, f, path, snippets, f"{shown}: {text}.", ms_api, conf, severity))
    out.sort(key=lambda x: x.sort_key())
    return out


def context_of(line: int, spans: list[ContextSpan]) -> str | None:
    """`data` | `network` | None: tag an API finding so data-pipeline APIs do not lower the migration score."""
    return _context_of(line, spans)


__all__ = ["SPARSE", "DEVICE", "MODULE_API", "build_checklist", "checklist_markdown", "check", "context_of",
           "FINDING_ITEMS"]
