"""Training-recipe facts (optimizer, LR schedule, AMP, EMA, clipping, seeds, augmentation...), sparse /
device / nn.Module-API facts, and data-vs-network context spans, gathered in the same libcst pass.

It records what is written, as written; it does not evaluate expressions or follow values across files.
Lines come from the walk's newline count (walk.py; no PositionProvider, no second parse).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

import libcst as cst

from ms_scan.extract.catalog import load_catalog
from ms_scan.extract.positions import locate
from ms_scan.extract.scope import OTHER, TENSOR, USERCLASS
from ms_scan.extract.visitor import Extractor, dotted_name
from ms_scan.extract.walk import newlines_in
from ms_scan.facts import add_snippets


@dataclass(slots=True)
class RecipeFact:
    """One checklist item (or sparse / device / module-api fact) at a source position."""

    item: str  # optimizer | param-groups | lr-schedule | lr-warmup | mixed-precision | loss-scale | ema | ...
    value: str  # what is written, e.g. `SGD(lr=0.01, momentum=0.9, nesterov=True)`
    line: int
    column: int  # 1-based
    detail: str = ""  # canonical torch API or a short explanation


@dataclass(slots=True)
class ContextSpan:
    """Lines that belong to the data pipeline or to the network (forward, training step)."""

    kind: str  # data | network
    start_line: int
    end_line: int
    name: str  # qualified function name, `<loop>` or the called constructor


@dataclass(slots=True)
class RecipeFacts:
    path: str
    facts: list[RecipeFact] = field(default_factory=list)
    spans: list[ContextSpan] = field(default_factory=list)
    snippets: dict[int, str] = field(default_factory=dict)


# ------------------------------------------------------------------------------------------- tables
RECIPE_ITEMS = ("optimizer", "param-groups", "lr-schedule", "lr-warmup", "mixed-precision", "loss-scale",
                "ema", "grad-clip", "grad-accumulation", "init", "distributed", "seed", "determinism",
                "label-smoothing", "augmentation", "epochs", "batch-size")
FINDING_ITEMS = ("sparse", "device", "module-api")

_OPT_POS = {"SGD": ("lr", "momentum", "dampening", "weight_decay", "nesterov"),
            "Adam": ("lr", "betas", "eps", "weight_decay", "amsgrad"),
            "AdamW": ("lr", "betas", "eps", "weight_decay", "amsgrad"),
            "RMSprop": ("lr", "alpha", "eps", "weight_decay", "momentum")}
_SCHED_POS = {"StepLR": ("step_size", "gamma"), "MultiStepLR": ("milestones", "gamma"),
              "CosineAnnealingLR": ("T_max", "eta_min"), "LambdaLR": ("lr_lambda",),
              "OneCycleLR": ("max_lr", "total_steps", "epochs", "steps_per_epoch"),
              "LinearLR": ("start_factor", "end_factor", "total_iters"), "ExponentialLR": ("gamma",),
              "SequentialLR": ("schedulers", "milestones"), "PolynomialLR": ("total_iters", "power"),
              "CosineAnnealingWarmRestarts": ("T_0", "T_mult", "eta_min"), "MultiplicativeLR": ("lr_lambda",),
              "ConstantLR": ("factor", "total_iters"), "ReduceLROnPlateau": ("mode", "factor", "patience")}
_INIT_POS = {"constant_": ("val",), "normal_": ("mean", "std"), "uniform_": ("a", "b"),
             "trunc_normal_": ("mean", "std", "a", "b"), "kaiming_normal_": ("a", "mode", "nonlinearity"),
             "kaiming_uniform_": ("a", "mode", "nonlinearity"), "xavier_normal_": ("gain",),
             "xavier_uniform_": ("gain",), "orthogonal_": ("gain",)}
_AUTOCAST = frozenset({"torch.autocast", "torch.cuda.amp.autocast", "torch.amp.autocast", "torch.cpu.amp.autocast",
                       "torch.amp.autocast_mode.autocast"})
_SCALER = frozenset({"torch.cuda.amp.GradScaler", "torch.amp.GradScaler", "torch.cpu.amp.GradScaler",
                     "torch.amp.grad_scaler.GradScaler"})
_EMA_APIS = frozenset({"torch.optim.swa_utils.AveragedModel", "torch.optim.swa_utils.get_ema_multi_avg_fn",
                       "torch.optim.swa_utils.get_ema_avg_fn"})
_CLIP = {"torch.nn.utils.clip_grad_norm_": ("max_norm", "norm_type"),
         "torch.nn.utils.clip_grad.clip_grad_norm_": ("max_norm", "norm_type"),
         "torch.nn.utils.clip_grad_norm": ("max_norm", "norm_type"),
         "torch.nn.utils.clip_grad_value_": ("clip_value",),
         "torch.nn.utils.clip_grad.clip_grad_value_": ("clip_value",)}
_DISTRIBUTED = frozenset({
    "torch.nn.parallel.DistributedDataParallel", "torch.nn.parallel.distributed.DistributedDataParallel",
    "torch.nn.DataParallel", "torch.nn.parallel.DataParallel", "torch.distributed.init_process_group",
    "torch.utils.data.DistributedSampler", "torch.utils.data.distributed.DistributedSampler",
    "torch.nn.SyncBatchNorm.convert_sync_batchnorm"})
_SEEDS = frozenset({"torch.manual_seed", "torch.random.manual_seed", "torch.cuda.manual_seed",
                    "torch.cuda.manual_seed_all", "random.seed", "numpy.random.seed"})
_DETERMINISM = frozenset({"torch.backends.cudnn.deterministic", "torch.backends.cudnn.benchmark",
                          "torch.use_deterministic_algorithms", "torch.backends.cudnn.enabled"})
_SPARSE = frozenset({
    "torch.sparse_coo_tensor", "torch.sparse_csr_tensor", "torch.sparse_csc_tensor", "torch.sparse_bsr_tensor",
    "torch.sparse_compressed_tensor", "torch.Tensor.to_sparse", "torch.Tensor.to_sparse_csr",
    "torch.Tensor.to_sparse_coo", "torch.Tensor.to_sparse_csc", "torch.Tensor.coalesce",
    "torch.sparse.FloatTensor", "torch.optim.SparseAdam", "torch.Tensor.to_sparse_bsr"})
_SPARSE_LAYOUTS = frozenset({"torch.sparse_coo", "torch.sparse_csr", "torch.sparse_csc"})
_DATA_BASES = frozenset({"torch.utils.data.Dataset", "torch.utils.data.IterableDataset",
                         "torch.utils.data.dataset.Dataset", "torch.utils.data.dataset.IterableDataset"})
_DATA_METHODS = frozenset({"__getitem__", "__iter__", "__len__", "__next__", "__getitems__"})
_DATA_CALLS = frozenset({"torch.utils.data.DataLoader", "torch.utils.data.dataloader.DataLoader"})
# nn.Module methods whose MindSpore Cell counterpart is named or behaves differently
MODULE_API = frozenset({"train", "eval", "named_children", "children", "add_module", "parameters",
                        "named_parameters", "register_buffer", "state_dict", "load_state_dict",
                        "modules", "named_modules", "register_forward_hook", "register_forward_pre_hook",
                        "register_full_backward_hook", "zero_grad", "apply", "requires_grad_"})
_CONTAINERS = {"torch.nn.Sequential": "Sequential", "torch.nn.ModuleList": "ModuleList",
               "torch.nn.ModuleDict": "ModuleDict", "torch.nn.ParameterList": "ParameterList"}

_AUG_NAME = re.compile(r"mosaic|mix_?up|cut_?mix|cutout|copy_?paste|random_?perspective|random_?affine|"
                       r"augment_?hsv|no_?aug|random_?erasing|rand_?augment|auto_?augment|trivial_?augment",
                       re.I)
_EMA_CLASS = re.compile(r"^(model_?)?ema(v\d)?$|^exponentialmovingaverage$|^modelemav?\d*$", re.I)
_EMA_CONTEXT = re.compile(r"ema|shadow|averag|swa|decay", re.I)
_LS_NAME = re.compile(r"label_?smooth|smooth_?label|labelsmoothing", re.I)
_ACCUM = re.compile(r"accum|update_freq|grad_steps|acc_steps|iters_to_acc", re.I)
_EPOCHS = re.compile(r"^(max_|num_|n_|total_|train_|n)?epochs?$", re.I)
_BATCH = re.compile(r"^(train_|total_|per_device_train_)?batch_?size$|^b$|^bs$", re.I)
_WARM = re.compile(r"warm_?up", re.I)
_DEVICE_ARG = re.compile(r"(^|[._])(device|dev|gpu|cuda|rank|local_rank)s?$", re.I)
_CODE = cst.Module([])


def _code(node: cst.CSTNode, limit: int = 60) -> str:
    text = " ".join(_CODE.code_for_node(node).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _last(name: str) -> str:
    return name.rpartition(".")[2]


def _norm_name(text: str) -> str:
    return text.lstrip("-").replace("-", "_")


def call_text(short: str, call: cst.Call, skip: int = 0, names: tuple[str, ...] = ()) -> str:
    """`SGD(lr=0.01, momentum=0.9)`: the call as written, the first `skip` positionals dropped and the
    following positionals named from `names`."""
    parts = []
    i = 0
    for a in call.args:
        if a.star:
            parts.append(f"{a.star}{_code(a.value, 40)}")
        elif a.keyword is None:
            if i >= skip:
                k = i - skip
                text = _code(a.value, 40)
                parts.append(f"{names[k]}={text}" if k < len(names) else text)
            i += 1
        else:
            parts.append(f"{a.keyword.value}={_code(a.value, 40)}")
    return f"{short}({', '.join(parts)})"


def _kwarg(call: cst.Call, name: str, pos: int | None = None) -> cst.BaseExpression | None:
    i = 0
    for a in call.args:
        if a.keyword is not None:
            if a.keyword.value == name:
                return a.value
        elif not a.star:
            if pos is not None and i == pos:
                return a.value
            i += 1
    return None


def _is_literal(node: cst.BaseExpression) -> bool:
    if isinstance(node, (cst.Integer, cst.Float, cst.SimpleString)):
        return True
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
        return _is_literal(node.expression)
    return isinstance(node, cst.Name) and node.value in ("True", "False", "None")


def _lambda_traits(raw: list, index: int, text: str) -> None:
    """Mark a LambdaLR fact whose lambda (or the function it names) is a cosine and/or has a warm-up."""
    item, value, line, node, needle, detail = raw[index]
    traits = []
    if re.search(r"\bcos\(|\.cos\b", text):
        traits.append("cosine lambda")
    if _WARM.search(text):
        traits.append("warm-up in the lambda")
        raw.append(("lr-warmup", value, line, node, needle, "warm-up inside the LambdaLR lr_lambda"))
    if traits:
        raw[index] = (item, value, line, node, needle, f"{detail}; {', '.join(traits)}")


def _one_minus(node: cst.BaseExpression) -> cst.BaseExpression | None:
    """`1 - d` / `(1.0 - d)` -> d."""
    if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Subtract) and \
            isinstance(node.left, (cst.Integer, cst.Float)) and float(node.left.value) == 1.0:
        return node.right
    return None


class _Frame:
    __slots__ = ("kind", "name", "qual", "cls", "start", "calls", "marks", "node", "train_calls")

    def __init__(self, kind, name, qual, cls, start, node):
        self.kind, self.name, self.qual, self.cls, self.start, self.node = kind, name, qual, cls, start, node
        self.calls: set[tuple[str, str]] = set()  # ("name", f) | ("self", meth)
        self.marks: set[str] = set()
        self.train_calls: set[tuple[str, str]] | None = None  # calls inside the loops that call backward()


class RecipeExtractor(Extractor):
    """The one pass, plus recipe facts and context spans. `recipe_nodes()`/`recipe_facts(where, lines)`
    after the walk."""

    def __init__(self, *args, **kw) -> None:
        super().__init__(*args, **kw)
        self._rc_raw: list[tuple] = []  # (item, value, line, node | None, needle, detail)
        self._rc_frames: list[_Frame] = []
        self._rc_done: list[tuple[_Frame, int]] = []  # finished defs/loops with their end line
        self._rc_call_spans: list[tuple[int, int, str]] = []  # data-pipeline calls (start, end, name)
        self._rc_calls: list[tuple[int, int]] = []  # (len(found) at visit, line) per open call
        self._rc_dataset: set[str] = set()
        self._rc_module_cls: dict[str, str] = {}  # class -> torch_module verdict
        self._rc_transform_cls: set[str] = set()
        self._rc_collate: set[str] = set()
        self._rc_defs: dict[str, cst.FunctionDef] = {}  # name -> def (last one wins), for lr_lambda
        self._rc_lambda: list[tuple[int, str]] = []  # (index in _rc_raw, function name)
        self._rc_lr_fns: list[tuple[int, cst.CSTNode | None]] = []  # hand-written LR: (raw index, def)
        self._rc_lists: dict[str, set[str]] = {}  # list name -> what is appended (biases, BN weights)
        self._rc_norm_blocks: set[int] = set()
        self._rc_norm_depth = 0
        self._rc_steps = 0  # optimizer.step() calls seen so far
        self._rc_ifs: list[tuple[int, int]] = []  # (line, steps seen before) per open `if`
        self._rc_forward_name: int | None = None  # id(Name) of a Module's `def forward`
        self._rc_stmt_lines: list[int] = []  # line of each open assignment statement

    # ---------------------------------------------------------------- line counting
    @property
    def _rc_line(self) -> int:
        return self.newlines + 1

    def _rc_add(self, item: str, value: str, node: cst.CSTNode | None, needle: str, detail: str = "",
                line: int | None = None) -> int:
        self._rc_raw.append((item, value, line or self._rc_line, node, needle, detail))
        return len(self._rc_raw) - 1

    def _rc_def_frame(self) -> _Frame | None:
        for f in reversed(self._rc_frames):
            if f.kind == "def":
                return f
        return None

    def _rc_context_names(self) -> str:
        return " ".join(f.name for f in self._rc_frames)

    # ---------------------------------------------------------------- imports
    def _rc_ext(self, node: cst.BaseExpression) -> str | None:
        """`np.random.seed` -> `numpy.random.seed` through this file's imports (unless shadowed)."""
        dotted = dotted_name(node)
        if dotted is None or self.scopes.lookup(dotted.partition(".")[0]) is None:
            return None
        return self.import_path(node)

    # ---------------------------------------------------------------- scopes
    def visit_ClassDef(self, node: cst.ClassDef) -> None:
        super().visit_ClassDef(node)
        name = node.name.value
        info = self.classes[-1] if self.classes else None
        if info is not None:
            self._rc_module_cls[name] = info.torch_module
        for arg in node.bases:
            path = self.resolve_path(arg.value)
            if path is not None and self.canonical(path) in _DATA_BASES:
                self._rc_dataset.add(name)
            elif isinstance(arg.value, cst.Name) and arg.value.value in self._rc_dataset:
                self._rc_dataset.add(name)
        self._rc_frames.append(_Frame("class", name, name, None, self._rc_line, node))

    def leave_ClassDef(self, node: cst.ClassDef) -> None:
        super().leave_ClassDef(node)
        self._rc_frames.pop()

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        super().visit_FunctionDef(node)
        outer = self._rc_frames[-1] if self._rc_frames else None
        name = node.name.value
        cls = outer.name if outer is not None and outer.kind == "class" else None
        if cls is not None:
            qual = f"{cls}.{name}"
        else:
            d = self._rc_def_frame()
            qual = f"{d.qual}.{name}" if d is not None else name
            self._rc_defs[name] = node
        start = self._rc_line + len(node.leading_lines)
        self._rc_frames.append(_Frame("def", name, qual, cls, start, node))
        if cls is not None and name == "forward" and self._rc_module_cls.get(cls) == "yes":
            self._rc_forward_name = id(node.name)

    def visit_Name(self, node: cst.Name) -> None:
        super().visit_Name(node)
        if id(node) == self._rc_forward_name:  # the `def forward` line itself (after decorators)
            self._rc_forward_name = None
            self._rc_add("module-api", "torch.nn.Module.forward", None, "forward", "forward -> construct")

    def leave_FunctionDef(self, node: cst.FunctionDef) -> None:
        super().leave_FunctionDef(node)
        frame = self._rc_frames.pop()
        end = self.newlines
        if isinstance(node.body, cst.IndentedBlock):
            end -= len(node.body.footer)
        self._rc_done.append((frame, end))

    def _rc_push_loop(self, node) -> None:
        self._rc_frames.append(_Frame("loop", "<loop>", "<loop>", None, self._rc_line + len(node.leading_lines),
                                      node))

    def _rc_pop_loop(self, node) -> None:
        frame = self._rc_frames.pop()
        if "backward" not in frame.marks:
            return
        owner = self._rc_def_frame()
        if owner is not None:  # the training step's callees are those called inside its loop
            owner.train_calls = (owner.train_calls or set()) | frame.calls
        elif not any(f.kind == "loop" for f in self._rc_frames):
            self._rc_done.append((frame, self.newlines))

    def visit_For(self, node: cst.For) -> None:
        super().visit_For(node)
        self._rc_push_loop(node)

    def leave_For(self, node: cst.For) -> None:
        super().leave_For(node)
        self._rc_pop_loop(node)

    def visit_While(self, node: cst.While) -> None:
        super().visit_While(node)
        self._rc_push_loop(node)

    def leave_While(self, node: cst.While) -> None:
        super().leave_While(node)
        self._rc_pop_loop(node)

    def _rc_mark(self, mark: str) -> None:
        for f in reversed(self._rc_frames):
            if f.kind == "class":
                break
            f.marks.add(mark)

    # ---------------------------------------------------------------- if blocks (BN groups, accumulation)
    def visit_If(self, node: cst.If) -> None:
        super().visit_If(node)
        if any(f.kind == "loop" for f in self._rc_frames):  # `for m in model.modules(): if isinstance(m, BN)`
            test = _code(node.test, 200)
            if "Norm" in test or re.search(r"\bbn\b", test):
                self._rc_norm_blocks.add(id(node.body))
        self._rc_ifs.append((self._rc_line + len(node.leading_lines), self._rc_steps))

    def leave_If(self, node: cst.If) -> None:
        super().leave_If(node)
        line, steps = self._rc_ifs.pop()
        if self._rc_steps > steps:
            mod = self._rc_modulo(node.test)
            if mod is not None:
                self._rc_add("grad-accumulation", f"optimizer step every {_code(mod, 40)} iterations", None,
                             "if", "optimizer step inside `if ... % N == 0`", line=line)

    @staticmethod
    def _rc_modulo(test: cst.BaseExpression) -> cst.BaseExpression | None:
        stack = [test]
        while stack:
            e = stack.pop()
            if isinstance(e, cst.BinaryOperation):
                if isinstance(e.operator, cst.Modulo):
                    return e.right
                stack.extend((e.left, e.right))
            elif isinstance(e, cst.Comparison):
                stack.append(e.left)
                stack.extend(c.comparator for c in e.comparisons)
            elif isinstance(e, cst.BooleanOperation):
                stack.extend((e.left, e.right))
            elif isinstance(e, cst.UnaryOperation):
                stack.append(e.expression)
        return None

    def visit_IndentedBlock(self, node: cst.IndentedBlock) -> None:
        super().visit_IndentedBlock(node)
        if id(node) in self._rc_norm_blocks:
            self._rc_norm_depth += 1

    def leave_IndentedBlock(self, node: cst.IndentedBlock) -> None:
        super().leave_IndentedBlock(node)
        if id(node) in self._rc_norm_blocks:
            self._rc_norm_depth -= 1

    def visit_SimpleStatementSuite(self, node: cst.SimpleStatementSuite) -> None:
        super().visit_SimpleStatementSuite(node)
        if id(node) in self._rc_norm_blocks:
            self._rc_norm_depth += 1

    def leave_SimpleStatementSuite(self, node: cst.SimpleStatementSuite) -> None:
        super().leave_SimpleStatementSuite(node)
        if id(node) in self._rc_norm_blocks:
            self._rc_norm_depth -= 1

    # ---------------------------------------------------------------- calls
    def visit_Call(self, node: cst.Call) -> None:
        line = self._rc_line
        for par in node.lpar:  # `= (\n    f(x)\n)`: the call itself starts after the newline
            line += newlines_in(par)
        self._rc_calls.append((len(self.found), line))
        super().visit_Call(node)

    def _rc_api(self, node: cst.Call, start: int) -> tuple[cst.CSTNode | None, str | None, str]:
        """(recorded node, canonical torch api, confidence) the base pass recorded for this call's func."""
        func = node.func
        attr = func.attr if isinstance(func, cst.Attribute) else None
        for i in range(start, len(self.found)):
            n, use = self.found[i]
            if n is func or n is attr:
                return n, use.api, use.confidence
        return None, None, ""

    def leave_Call(self, node: cst.Call) -> None:
        super().leave_Call(node)
        start, line = self._rc_calls.pop()
        func = node.func
        rec, api, conf = self._rc_api(node, start)
        meth = func.attr.value if isinstance(func, cst.Attribute) else None
        fname = func.value if isinstance(func, cst.Name) else meth
        # calls between the file's own functions, for the context closure (innermost def and its loops)
        callee = None
        if isinstance(func, cst.Name):
            callee = ("name", func.value)
        elif isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and func.value.value == "self":
            callee = ("self", func.attr.value)
        if callee is not None:
            for f in reversed(self._rc_frames):
                if f.kind == "class":
                    break
                f.calls.add(callee)
                if f.kind == "def":
                    break
        if meth == "backward":
            self._rc_mark("backward")
        if api is not None and api.split(".")[0] in ("torch", "torchvision", "torchaudio", "torchtext"):
            self._rc_torch_call(node, rec, api, conf, line, meth)
        else:
            self._rc_other_call(node, line, meth, fname)
        if meth == "step" and (api == "torch.optim.Optimizer.step" or re.search(
                r"optim|opt\b|scaler", _code(func.value, 80), re.I)):
            self._rc_steps += 1
        # keyword arguments: label smoothing, batch size, collate_fn, transforms, augmentation flags
        for a in node.args:
            if a.keyword is None:
                continue
            kw = a.keyword.value
            if kw == "label_smoothing":
                self._rc_add("label-smoothing", call_text(_last(api or fname or "?"), node),
                             rec, fname or kw, api or "", line=line)
            elif kw == "collate_fn" and isinstance(a.value, cst.Name):
                self._rc_collate.add(a.value.value)
            elif kw in ("transform", "transforms", "target_transform", "preproc", "augment", "augmentation") \
                    and isinstance(a.value, cst.Call) and isinstance(a.value.func, cst.Name):
                self._rc_transform_cls.add(a.value.func.value)
            elif kw == "batch_size" and _is_literal(a.value) and not isinstance(a.value, cst.SimpleString):
                self._rc_add("batch-size", _code(a.value), None, "batch_size", f"{fname}(batch_size=...)",
                             line=line)
            elif _AUG_NAME.search(kw) and _is_literal(a.value):
                self._rc_add("augmentation", f"{kw}={_code(a.value)}", None, kw, f"{fname}(...) argument",
                             line=line)
        if fname == "Compose" and node.args:
            first = node.args[0].value
            if isinstance(first, (cst.List, cst.Tuple)):
                for el in first.elements:
                    if isinstance(el.value, cst.Call) and isinstance(el.value.func, cst.Name):
                        self._rc_transform_cls.add(el.value.func.value)

    def _rc_torch_call(self, node: cst.Call, rec, api: str, conf: str, line: int, meth: str | None) -> None:
        kind = self.cat.kind(api)
        short = _last(api)
        if kind == "optimizer" and not api.startswith("torch.optim.Optimizer."):
            self._rc_add("optimizer", call_text(short, node, 1, _OPT_POS.get(short, ("lr",))), rec, short, api,
                         line=line)
            params = _kwarg(node, "params", 0)
            if isinstance(params, cst.List) and any(isinstance(e.value, cst.Dict) for e in params.elements):
                for el in params.elements:
                    if isinstance(el.value, cst.Dict):
                        self._rc_group(el.value, rec, short, line)
            elif isinstance(params, cst.Name) and params.value in self._rc_lists:
                wd = _kwarg(node, "weight_decay", 4 if short == "SGD" else None)
                self._rc_add("param-groups", f"{params.value} (first group)", rec, short,
                             self._rc_group_detail(params.value, wd), line=line)
        elif api == "torch.optim.Optimizer.add_param_group" or (meth == "add_param_group"):
            if node.args and isinstance(node.args[0].value, cst.Dict):
                self._rc_group(node.args[0].value, rec, "add_param_group", line)
        elif api.startswith("torch.optim.lr_scheduler.") and kind == "class":
            self._rc_add("lr-schedule", call_text(short, node, 1, _SCHED_POS.get(short, ())), rec, short, api,
                         line=line)
            if short in ("LinearLR", "ConstantLR") or (short == "SequentialLR"):
                self._rc_add("lr-warmup", call_text(short, node, 1, _SCHED_POS.get(short, ())), rec, short,
                             f"{short}: a warm-up phase", line=line)
            elif short in ("LambdaLR", "MultiplicativeLR"):
                lam = _kwarg(node, "lr_lambda", 1)
                if isinstance(lam, cst.Call) and isinstance(lam.func, cst.Name):
                    lam = lam.func  # `lr_lambda=warmup_cosine(total, warmup)`: a factory defined here
                if isinstance(lam, cst.Name):
                    self._rc_lambda.append((len(self._rc_raw) - 1, lam.value))
                elif isinstance(lam, cst.Lambda):
                    _lambda_traits(self._rc_raw, len(self._rc_raw) - 1, _code(lam, 400))
        elif api in _AUTOCAST:
            self._rc_add("mixed-precision", call_text(short, node), rec, short, api, line=line)
        elif api in _SCALER:
            self._rc_add("loss-scale", call_text(short, node), rec, short, api, line=line)
        elif api in _EMA_APIS:
            self._rc_add("ema", call_text(short, node), rec, short, api, line=line)
        elif api in _CLIP:
            self._rc_add("grad-clip", call_text(short, node, 1, _CLIP[api]), rec, short, api, line=line)
        elif api.startswith("torch.nn.init."):
            self._rc_add("init", call_text(short, node, 1, _INIT_POS.get(short, ())), rec, short, api, line=line)
        elif api in _DISTRIBUTED:
            self._rc_add("distributed", call_text(short, node), rec, short, api, line=line)
            if "DataParallel" in api and "Distributed" not in api:
                self._rc_add("device", api, rec, short, "DataParallel", line=line)
        elif api in _SEEDS:
            self._rc_add("seed", call_text(dotted_name(node.func) or api, node), rec, short, api, line=line)
        elif api in _DETERMINISM:
            self._rc_add("determinism", call_text(short, node), rec, short, api, line=line)
        elif api in _SPARSE or api.startswith("torch.sparse."):
            self._rc_add("sparse", api, rec, short, call_text(short, node), line=line)
        elif api in ("torch.nn.Embedding", "torch.nn.EmbeddingBag", "torch.nn.functional.embedding",
                     "torch.nn.functional.embedding_bag", "torch.nn.Embedding.from_pretrained"):
            sp = _kwarg(node, "sparse")
            if isinstance(sp, cst.Name) and sp.value == "True":
                self._rc_add("sparse", f"{api}(sparse=True)", rec, short, call_text(short, node), line=line)
        elif api in ("torch.device", "torch.cuda.set_device"):
            self._rc_add("device", api, rec, short, call_text(short, node), line=line)
        elif api.startswith("torchvision.transforms."):
            self._rc_call_spans.append((line, self._rc_line, short))
            if short != "Compose":
                self._rc_add("augmentation", call_text(short, node), rec, short, api, line=line)
        elif api in _DATA_CALLS:
            self._rc_call_spans.append((line, self._rc_line, short))
        elif api in _CONTAINERS:
            self._rc_add("module-api", api, rec, short, _CONTAINERS[api], line=line)
        if meth in MODULE_API and _last(api) == meth and (
                api.startswith("torch.nn.Module.") or self.cat.kind(api) == "module_method"):
            self._rc_add("module-api", f"torch.nn.Module.{meth}", rec, meth, api, line=line)
        if meth in ("cuda", "to"):
            self._rc_device_method(node, rec, meth, line)
        elif meth == "half" and not node.args:
            self._rc_add("mixed-precision", ".half()", rec, "half", api, line=line)
        for a in node.args:
            if a.keyword is not None and a.keyword.value == "layout":
                path = self.resolve_path(a.value)
                if path is not None and self.canonical(path) in _SPARSE_LAYOUTS:
                    self._rc_add("sparse", self.canonical(path), rec, short, call_text(short, node), line=line)

    def _rc_device_method(self, node: cst.Call, rec, meth: str, line: int) -> None:
        if meth == "cuda":
            self._rc_add("device", "torch.Tensor.cuda", rec, "cuda", ".cuda()", line=line)
            return
        target = _kwarg(node, "device", 0)
        if target is None:
            return
        text = _code(target, 60)
        if isinstance(target, cst.SimpleString):
            ok = re.match(r"""^[rbuRBU]*['"](cuda|cpu|mps|xpu)""", target.value) is not None
        elif isinstance(target, cst.Call):
            path = self.resolve_path(target.func)
            ok = path is not None and self.canonical(path) == "torch.device"
        else:
            d = dotted_name(target)
            ok = d is not None and _DEVICE_ARG.search(d) is not None
        if ok:
            self._rc_add("device", "torch.Tensor.to(device)", rec, "to", f".to({text})", line=line)

    def _rc_other_call(self, node: cst.Call, line: int, meth: str | None, fname: str | None) -> None:
        func = node.func
        ext = self._rc_ext(func) if dotted_name(func) is not None else None
        if ext is not None and ext in _SEEDS:
            self._rc_add("seed", call_text(dotted_name(func) or ext, node), None, _last(dotted_name(func) or ext),
                         ext, line=line)
            return
        if ext is not None and ext.split(".")[0] == "albumentations":
            self._rc_call_spans.append((line, self._rc_line, _last(ext)))
            if _last(ext) != "Compose":
                self._rc_add("augmentation", call_text(_last(ext), node), None, _last(ext), ext, line=line)
            return
        if meth == "add_argument":
            self._rc_argparse(node, line)
            return
        if meth == "add_param_group":
            if node.args and isinstance(node.args[0].value, cst.Dict):
                self._rc_group(node.args[0].value, None, "add_param_group", line)
            return
        if meth in ("cuda", "to"):
            self._rc_device_method(node, None, meth, line)
            return
        if meth == "half" and not node.args:
            self._rc_add("mixed-precision", ".half()", None, "half", "", line=line)
            return
        if meth in ("train", "eval") and len(node.args) <= 1 and not (
                node.args and isinstance(node.args[0].value, (cst.SimpleString, cst.Integer))):
            recv = self.infer(func.value)
            if recv is None or recv.kind not in (OTHER, TENSOR):
                self._rc_add("module-api", f"torch.nn.Module.{meth}", None, meth, "method name (receiver unknown)",
                             line=line)
            return
        if meth == "append" and isinstance(func.value, cst.Name) and node.args:
            arg = node.args[0].value
            if isinstance(arg, cst.Attribute):
                tag = "biases" if arg.attr.value == "bias" else (
                    "BN weights" if arg.attr.value == "weight" and self._rc_norm_depth else None)
                if tag is not None:
                    self._rc_lists.setdefault(func.value.value, set()).add(tag)
            return
        if meth == "update" and isinstance(func.value, (cst.Name, cst.Attribute)) and \
                re.search(r"ema", _code(func.value, 80), re.I):
            self._rc_add("ema", call_text(f"{_code(func.value, 40)}.update", node), None, "update",
                         "EMA update call", line=line)
            return
        if meth == "add_" and isinstance(func.value, cst.Call) and isinstance(func.value.func, cst.Attribute) \
                and func.value.func.attr.value == "mul_":
            alpha = _kwarg(node, "alpha")
            decay = _one_minus(alpha) if alpha is not None else None
            if decay is not None:
                self._rc_add("ema", f"decay={_code(decay, 40)}", None, "mul_", "hand-written EMA (mul_/add_)",
                             line=line)
            return
        if meth == "lerp_" and len(node.args) >= 2:
            decay = _one_minus(node.args[1].value)
            if decay is not None:
                self._rc_add("ema", f"decay={_code(decay, 40)}", None, "lerp_", "hand-written EMA (lerp_)",
                             line=line)
            return
        name = ext or fname
        if name is None:
            return
        short = _last(name)
        if _EMA_CLASS.match(short):
            self._rc_add("ema", call_text(short, node), None, short, "EMA class", line=line)
        elif _LS_NAME.search(short):
            self._rc_add("label-smoothing", call_text(short, node), None, short, "by name", line=line)
        elif _AUG_NAME.search(short):
            self._rc_add("augmentation", f"{short}(...)", None, short, "augmentation function or class by name",
                         line=line)
        if isinstance(func, cst.Name):
            b = self.scopes.lookup(func.value)
            if b is not None and b.kind == USERCLASS and b.value.name in self._rc_dataset:
                self._rc_call_spans.append((line, self._rc_line, func.value))

    def _rc_argparse(self, node: cst.Call, line: int) -> None:
        names = [_norm_name(a.value.evaluated_value) for a in node.args
                 if a.keyword is None and isinstance(a.value, cst.SimpleString)
                 and isinstance(a.value.evaluated_value, str)]
        dest = _kwarg(node, "dest")
        if isinstance(dest, cst.SimpleString) and isinstance(dest.evaluated_value, str):
            names.append(dest.evaluated_value)
        default = _kwarg(node, "default")
        if default is None or not _is_literal(default) or not names:
            return
        shown = next((n for n in names if len(n) > 1), names[0])
        value = _code(default, 40)
        detail = f"argparse default of --{shown.replace('_', '-')}"
        if any(_WARM.search(n) for n in names):
            self._rc_add("lr-warmup", f"{shown}={value}", None, "add_argument", detail, line=line)
        elif any(_AUG_NAME.search(n) for n in names):
            self._rc_add("augmentation", f"{shown}={value}", None, "add_argument", detail, line=line)
        elif any(_EPOCHS.match(n) for n in names):
            self._rc_add("epochs", value, None, "add_argument", detail, line=line)
        elif any(_BATCH.match(n) for n in names):
            self._rc_add("batch-size", value, None, "add_argument", detail, line=line)
        elif any(_ACCUM.search(n) for n in names):
            self._rc_add("grad-accumulation", f"{shown}={value}", None, "add_argument", detail, line=line)

    def _rc_group_detail(self, name: str | None, wd: cst.BaseExpression | None) -> str:
        parts = []
        if name is not None and name in self._rc_lists:
            parts.append("holds " + " and ".join(sorted(self._rc_lists[name])))
        if wd is None:
            parts.append("no weight_decay given (the optimizer default applies)")
        elif _is_literal(wd) and _code(wd) in ("0", "0.0", "0.", "0e0"):
            parts.append("no weight decay")
        else:
            parts.append(f"weight_decay={_code(wd, 40)}")
        return "; ".join(parts)

    def _rc_group(self, group: cst.Dict, rec, where: str, line: int) -> None:
        params_name = None
        wd = None
        for el in group.elements:
            if isinstance(el, cst.DictElement) and isinstance(el.key, cst.SimpleString):
                key = el.key.evaluated_value
                if key == "params" and isinstance(el.value, cst.Name):
                    params_name = el.value.value
                elif key == "weight_decay":
                    wd = el.value
        self._rc_add("param-groups", _code(group, 80), rec, "params" if where != "add_param_group" else where,
                     self._rc_group_detail(params_name, wd), line=line)

    # ---------------------------------------------------------------- assignments and expressions
    def visit_Assign(self, node: cst.Assign) -> None:
        super().visit_Assign(node)
        self._rc_stmt_lines.append(self._rc_line)

    def leave_Assign(self, node: cst.Assign) -> None:
        super().leave_Assign(node)
        line = self._rc_stmt_lines.pop()
        for t in node.targets:
            self._rc_assign(t.target, node.value, line)

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        super().visit_AnnAssign(node)
        self._rc_stmt_lines.append(self._rc_line)

    def leave_AnnAssign(self, node: cst.AnnAssign) -> None:
        super().leave_AnnAssign(node)
        line = self._rc_stmt_lines.pop()
        if node.value is not None:
            self._rc_assign(node.target, node.value, line)

    def _rc_assign(self, target: cst.BaseExpression, value: cst.BaseExpression, line: int) -> None:
        if isinstance(target, cst.Attribute):
            path = self.resolve_path(target)
            if path is not None and self.canonical(path) in _DETERMINISM:
                short = _last(self.canonical(path))
                self._rc_add("determinism", f"cudnn.{short} = {_code(value, 20)}", None, short,
                             self.canonical(path), line=line)
                return
            if isinstance(target.value, cst.Name) and target.value.value == "self":
                if isinstance(value, (cst.List, cst.ListComp)) and self._rc_modules_in(value):
                    self._rc_add("module-api", "list of modules", None, f"self.{target.attr.value}",
                                 f"self.{target.attr.value} = [...]: a plain list of layers", line=line)
                    return
                self._rc_named_literal(target.attr.value, value, f"self.{target.attr.value}", line)
            return
        if isinstance(target, cst.Name):
            self._rc_named_literal(target.value, value, target.value, line)
            if isinstance(value, cst.BinaryOperation) and isinstance(value.operator, cst.Divide) and \
                    "loss" in target.value.lower():
                self._rc_loss_div(value, line)
            return
        if isinstance(target, cst.Subscript) and len(target.slice) == 1 and \
                isinstance(target.slice[0].slice, cst.Index) and \
                isinstance(target.slice[0].slice.value, cst.SimpleString):
            key = target.slice[0].slice.value.evaluated_value
            owner = dotted_name(target.value) or ""
            if self._rc_ext(target.value) == "os.environ" or owner == "os.environ":
                if key == "CUDA_VISIBLE_DEVICES":
                    self._rc_add("device", "os.environ['CUDA_VISIBLE_DEVICES']", None, "CUDA_VISIBLE_DEVICES",
                                 f"CUDA_VISIBLE_DEVICES = {_code(value, 30)}", line=line)
                elif key == "PYTHONHASHSEED":
                    self._rc_add("seed", f"PYTHONHASHSEED={_code(value, 30)}", None, "PYTHONHASHSEED", "os.environ",
                                 line=line)
                elif key == "CUBLAS_WORKSPACE_CONFIG":
                    self._rc_add("determinism", f"CUBLAS_WORKSPACE_CONFIG={_code(value, 30)}", None,
                                 "CUBLAS_WORKSPACE_CONFIG", "os.environ", line=line)
            elif key == "lr" and isinstance(target.value, cst.Name):
                idx = self._rc_add("lr-schedule", f"{target.value.value}['lr'] = {_code(value, 50)}", None,
                                   target.value.value, "hand-written schedule (sets param_group['lr'])",
                                   line=line)
                frame = self._rc_def_frame()
                self._rc_lr_fns.append((idx, frame.node if frame is not None else value))

    def _rc_modules_in(self, value: cst.BaseExpression) -> bool:
        elems = [value.elt] if isinstance(value, cst.ListComp) else [e.value for e in value.elements]
        for e in elems:
            if not isinstance(e, cst.Call):
                return False
            path = self.resolve_path(e.func)
            if path is not None and self.cat.kind(self.canonical(path)) == "nn_module":
                continue
            if isinstance(e.func, cst.Name):
                b = self.scopes.lookup(e.func.value)
                if b is not None and b.kind == USERCLASS and b.value.torch_module == "yes":
                    continue
            return False
        return bool(elems)

    def _rc_named_literal(self, name: str, value: cst.BaseExpression, shown: str, line: int) -> None:
        if not _is_literal(value) or isinstance(value, cst.SimpleString):
            return
        text = _code(value, 30)
        if _WARM.search(name):
            self._rc_add("lr-warmup", f"{shown} = {text}", None, shown, "assignment", line=line)
        elif _AUG_NAME.search(name):
            self._rc_add("augmentation", f"{shown} = {text}", None, shown, "assignment", line=line)
        elif _EPOCHS.match(name):
            self._rc_add("epochs", text, None, shown, f"{shown} = {text}", line=line)
        elif _BATCH.match(name) and len(name) > 2:
            self._rc_add("batch-size", text, None, shown, f"{shown} = {text}", line=line)
        elif _EMA_CONTEXT.search(name) and "decay" in name.lower() and "weight" not in name.lower():
            self._rc_add("ema", f"{shown} = {text}", None, shown, "EMA decay", line=line)

    def leave_AugAssign(self, node: cst.AugAssign) -> None:
        super().leave_AugAssign(node)
        if isinstance(node.operator, cst.DivideAssign) and isinstance(node.target, cst.Name) and \
                "loss" in node.target.value.lower() and _ACCUM.search(_code(node.value)):
            self._rc_add("grad-accumulation", f"loss / {_code(node.value, 40)}", None, node.target.value,
                         "loss divided by the accumulation count")

    def _rc_loss_div(self, value: cst.BinaryOperation, line: int) -> None:
        if _ACCUM.search(_code(value.right)):
            self._rc_add("grad-accumulation", f"loss / {_code(value.right, 40)}", None, "loss",
                         "loss divided by the accumulation count", line=line)

    def visit_BinaryOperation(self, node: cst.BinaryOperation) -> None:
        super().visit_BinaryOperation(node)
        if not isinstance(node.operator, cst.Add):
            return
        left, right = node.left, node.right
        if not (isinstance(left, cst.BinaryOperation) and isinstance(right, cst.BinaryOperation) and
                isinstance(left.operator, cst.Multiply) and isinstance(right.operator, cst.Multiply)):
            return
        for a, b in ((left, right), (right, left)):
            for side in (b.left, b.right):
                d = _one_minus(side)
                if d is None:
                    continue
                dt = _code(d, 40)
                if dt in (_code(a.left, 40), _code(a.right, 40)) and (
                        _EMA_CONTEXT.search(dt) or _EMA_CONTEXT.search(self._rc_context_names())):
                    self._rc_add("ema", f"decay={dt}", None, dt.split(".")[0].split("(")[0],
                                 "hand-written EMA: decay * a + (1 - decay) * b")
                    return

    # ---------------------------------------------------------------- results
    def recipe_nodes(self) -> list[cst.CSTNode]:
        """Nodes whose positions recipe_facts() uses: torch uses the base pass recorded and anchored (so
        adding them to the anchored `locate` call never forces the PositionProvider fallback)."""
        return [r[3] for r in self._rc_raw if r[3] is not None and id(r[3]) in self.anchors]

    def _rc_traits_of(self, node: cst.CSTNode | None) -> str:
        return _code(node, 100000) if node is not None else ""

    def recipe_facts(self, where: dict, lines: list[str] | tuple = ()) -> list[RecipeFact]:
        raw = list(self._rc_raw)
        for index, name in self._rc_lambda:
            fn = self._rc_defs.get(name)
            if fn is not None:
                _lambda_traits(raw, index, _code(fn, 100000))
        for index, fn in self._rc_lr_fns:
            text = self._rc_traits_of(fn)
            traits = [t for t, ok in (("cosine", re.search(r"\bcos\(|\.cos\b", text)),
                                      ("warm-up", _WARM.search(text))) if ok]
            if traits:
                item, value, line, n, needle, detail = raw[index]
                raw[index] = (item, value, line, n, needle, f"{detail}; {', '.join(traits)}")
        out = []
        seen = set()
        for item, value, line, node, needle, detail in raw:
            pos = where.get(id(node)) if node is not None else None
            if pos is not None:
                line, column = pos[0], pos[1]
            else:
                text = lines[line - 1] if 0 < line <= len(lines) else ""
                at = text.find(needle) if needle else -1
                column = at + 1 if at >= 0 else len(text) - len(text.lstrip()) + 1
            key = (item, value, line)
            if key in seen:
                continue
            seen.add(key)
            out.append(RecipeFact(item, value, line, column, detail))
        out.sort(key=lambda f: (f.line, f.column, f.item, f.value))
        return out

    def context_spans(self) -> list[ContextSpan]:
        defs = [(f, end) for f, end in self._rc_done if f.kind == "def"]
        by_qual = {f.qual: (f, end) for f, end in defs}
        data_roots, net_roots = set(), set()
        for f, _ in defs:
            if f.cls is not None:
                if f.cls in self._rc_dataset and f.name in _DATA_METHODS:
                    data_roots.add(f.qual)
                elif f.cls in self._rc_transform_cls and f.name in ("__call__", "forward"):
                    data_roots.add(f.qual)
                elif f.name == "forward" and self._rc_module_cls.get(f.cls) in ("yes", "maybe"):
                    net_roots.add(f.qual)
            elif f.name in self._rc_collate or f.name in self._rc_transform_cls:
                data_roots.add(f.qual)
            if "backward" in f.marks and f.qual not in data_roots:
                net_roots.add(f.qual)
        net = self._rc_closure(net_roots, by_qual)
        data = self._rc_closure(data_roots, by_qual) - (net - data_roots)
        spans = []
        for f, end in self._rc_done:
            if f.kind == "loop":
                spans.append(ContextSpan("network", f.start, end, "<loop>"))
            elif f.qual in data:
                spans.append(ContextSpan("data", f.start, end, f.qual))
            elif f.qual in net:
                spans.append(ContextSpan("network", f.start, end, f.qual))
        for start, end, name in self._rc_call_spans:
            spans.append(ContextSpan("data", start, end, name))
        spans.sort(key=lambda s: (s.start_line, -s.end_line, s.kind, s.name))
        return spans

    @staticmethod
    def _rc_closure(roots: set[str], by_qual: dict) -> set[str]:
        seen = set(roots)
        todo = list(roots)
        while todo:
            f, _ = by_qual[todo.pop()]
            calls = f.train_calls if f.train_calls is not None and f.name != "forward" else f.calls
            for how, name in calls:
                target = f"{f.cls}.{name}" if how == "self" and f.cls else (name if how == "name" else None)
                if target is not None and target in by_qual and target not in seen:
                    seen.add(target)
                    todo.append(target)
        return seen


def context_of(line: int, spans: list[ContextSpan]) -> str | None:
    """`data` | `network` | None for a line: the innermost span that holds it decides."""
    best = None
    for s in spans:
        if s.start_line <= line <= s.end_line:
            if best is None or (s.end_line - s.start_line) < (best.end_line - best.start_line) or (
                    s.end_line - s.start_line == best.end_line - best.start_line and s.start_line > best.start_line):
                best = s
    return best.kind if best is not None else None


def extract_recipe_facts(source: bytes | str, path: str = "x.py", module: str = "",
                         is_package: bool = False) -> RecipeFacts:
    """Parse one file and run the single pass; recipe facts, context spans and their snippets (tests, tools)."""
    text = source.decode("utf-8") if isinstance(source, bytes) else source
    tree = cst.parse_module(text)
    visitor = RecipeExtractor(load_catalog(), module or path.removesuffix(".py").replace("/", "."), is_package)
    tree.visit(visitor)
    nodes = [n for n, _ in visitor.found] + [kw for _, kw in visitor.keyword_nodes]
    where = locate(tree, nodes + visitor.recipe_nodes(), visitor.anchors, text)
    lines = text.splitlines()
    out = RecipeFacts(path, visitor.recipe_facts(where, lines), visitor.context_spans())
    add_snippets(out.snippets, lines, (f.line for f in out.facts))
    return out
