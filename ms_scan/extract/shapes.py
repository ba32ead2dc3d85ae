"""Dynamic-shape facts (MS201-MS204) gathered in the same libcst pass as the API uses, by subclassing it.
It follows values within a function (assignments, arithmetic, loops) and across calls to the file's own
functions, methods, lambdas and modules (arguments into parameters, return values back): a parameter
holds a `_Cond` ("whatever the callers pass"), and a finding that depends on one waits until the end of
the pass, when the call sites are known."""
from __future__ import annotations

import re
from dataclasses import dataclass

import libcst as cst

from ms_scan.extract.catalog import TORCH_ROOTS, load_catalog
from ms_scan.extract.positions import locate
from ms_scan.extract.scope import MAYBE_MODULE, MODULE, OTHER, TENSOR, TENSORS, UNKNOWN, Binding, ClassInfo
from ms_scan.extract.visitor import Extractor, dotted_name


@dataclass(slots=True)
class ShapeFact:
    """One line where a shape stops being static: an op, a mask read, a size sink or a branch."""

    code: str  # MS201 op | MS202 mask read | MS203 tensor value as a size | MS204 branch on a tensor
    line: int
    column: int  # 1-based
    end_line: int
    end_column: int
    api: str  # canonical op, "torch.Tensor.__getitem__[bool mask]", the size sink, or if/while
    reason: str  # why, in words and code (no line numbers: origin_line carries the origin)
    origin_line: int  # where the data-dependent value was produced (the line itself for MS201)
    confidence: str = "high"


# --------------------------------------------------------------------------- tables
# Ops whose output length is the data (MS201); conditional ones are decided in _data_dependent.
_DATA_DEP_OPS = {
    "torch.nonzero": "one row per nonzero element", "torch.argwhere": "one row per nonzero element",
    "torch.masked_select": "one element per True in the mask",
    "torch.unique": "one element per distinct value",
    "torch.unique_consecutive": "one element per run of equal values",
    "torch.bincount": "length max(input) + 1 (minlength is only a floor)",
    "torch.nn.utils.rnn.pack_padded_sequence": "as many rows as real (unpadded) steps",
    "torch.nn.utils.rnn.pack_sequence": "as many rows as real (unpadded) steps",
    "torchvision.ops.nms": "one index per box that survives NMS",
    "torchvision.ops.boxes.nms": "one index per box that survives NMS",
    "torchvision.ops.batched_nms": "one index per box that survives NMS",
    "torchvision.ops.boxes.batched_nms": "one index per box that survives NMS",
    "torchvision.ops.remove_small_boxes": "one index per box above the size",
    "torchvision.ops.boxes.remove_small_boxes": "one index per box above the size",
}
_COND_OPS = {"torch.where", "torch.repeat_interleave", "torch.nn.functional.one_hot",
             "torch.nn.utils.rnn.pad_packed_sequence"}
# Size sinks (MS203): canonical api -> (positional indices or "*" for all or "tuple", keywords).
# Indices of methods exclude the receiver.
_ALL = "*"
_SINKS = {
    "torch.arange": (_ALL, ("start", "end", "step")), "torch.range": (_ALL, ("start", "end", "step")),
    "torch.linspace": ((2,), ("steps",)), "torch.logspace": ((2,), ("steps",)),
    "torch.full": ((0,), ("size",)), "torch.randint": ("tuple", ("size",)),
    "torch.randperm": ((0,), ("n",)), "torch.multinomial": ((1,), ("num_samples",)),
    "torch.Tensor.multinomial": ((0,), ("num_samples",)), "torch.eye": ((0, 1), ("n", "m")),
    "torch.topk": ((1,), ("k",)), "torch.Tensor.topk": ((0,), ("k",)),
    "torch.narrow": ((3,), ("length",)), "torch.Tensor.narrow": ((2,), ("length",)),
    "torch.split": ((1,), ("split_size_or_sections",)), "torch.Tensor.split": ((0,), ("split_size",)),
    "torch.tensor_split": ((1,), ("indices_or_sections", "sections", "indices")),
    "torch.Tensor.tensor_split": ((0,), ("indices_or_sections", "sections", "indices")),
    "torch.reshape": ((1,), ("shape",)), "torch.Tensor.reshape": (_ALL, ("shape",)),
    "torch.Tensor.view": (_ALL, ("size",)), "torch.Tensor.expand": (_ALL, ("size",)),
    "torch.Tensor.repeat": (_ALL, ("repeats",)), "torch.tile": ((1,), ("dims",)),
    "torch.Tensor.tile": (_ALL, ("dims",)), "torch.Tensor.resize_": (_ALL, ("size",)),
    "torch.Tensor.new_zeros": (_ALL, ("size",)), "torch.Tensor.new_ones": (_ALL, ("size",)),
    "torch.Tensor.new_empty": (_ALL, ("size",)), "torch.Tensor.new_full": ((0,), ("size",)),
    "torch.unflatten": ((2,), ("sizes",)), "torch.Tensor.unflatten": ((1,), ("sizes",)),
    "torch.Tensor.unfold": ((1, 2), ("size", "step")),
    "torch.nn.functional.pad": ((1,), ("pad",)),
    "torch.nn.functional.interpolate": ((1, 2), ("size", "scale_factor")),
    "torch.nn.functional.upsample": ((1, 2), ("size", "scale_factor")),
    "torch.nn.functional.one_hot": ((1,), ("num_classes",)),
    "torch.repeat_interleave": ((1,), ("repeats",)), "torch.Tensor.repeat_interleave": ((0,), ("repeats",)),
    "torch.chunk": ((1,), ("chunks",)), "torch.Tensor.chunk": ((0,), ("chunks",)),
    "torch.histc": ((1,), ("bins",)), "torch.Tensor.histc": ((0,), ("bins",)),
    "torch.tril_indices": ((0, 1), ("row", "col")), "torch.triu_indices": ((0, 1), ("row", "col")),
    "torch.normal": ((), ("size",)),
    "torch.nn.functional.adaptive_avg_pool1d": ((1,), ("output_size",)),
    "torch.nn.functional.adaptive_avg_pool2d": ((1,), ("output_size",)),
    "torch.nn.functional.adaptive_max_pool1d": ((1,), ("output_size",)),
    "torch.nn.functional.adaptive_max_pool2d": ((1,), ("output_size",)),
}
for _f in ("zeros", "ones", "empty", "rand", "randn"):
    _SINKS[f"torch.{_f}"] = (_ALL, ("size",))
# Results that are bool tensors (dtype evidence for MS202).
_BOOL_FUNCS = frozenset({
    "logical_and", "logical_or", "logical_xor", "logical_not", "isnan", "isinf", "isfinite", "isposinf",
    "isneginf", "isreal", "isin", "isclose", "eq", "ne", "gt", "ge", "lt", "le", "greater", "less",
    "greater_equal", "less_equal", "not_equal", "any", "all", "bool", "signbit",
})
_BOOL_KEEP = frozenset({  # methods that keep the dtype (and a data-dependent shape) of the receiver
    "clone", "unsqueeze", "squeeze", "view", "reshape", "expand", "expand_as", "flatten", "permute",
    "transpose", "t", "contiguous", "detach", "cpu", "cuda", "repeat", "flip", "roll", "view_as",
    "reshape_as", "requires_grad_", "movedim", "swapaxes", "ravel", "unflatten", "narrow",
    "index_select", "gather", "masked_fill", "logical_not_",
})
_LIKE = frozenset({"ones_like", "zeros_like", "empty_like", "full_like", "tile", "broadcast_to",
                   "atleast_1d", "atleast_2d", "atleast_3d", "squeeze", "unsqueeze", "flatten", "reshape",
                   "permute", "transpose", "t", "clone", "flip", "roll", "movedim", "swapaxes", "ravel",
                   "index_select", "gather", "masked_fill", "narrow"})
# methods whose result takes its length from a tensor argument (the index, or the `_as` model)
_INDEX_SHAPED = frozenset({"index_select", "gather", "take", "take_along_dim", "expand_as", "view_as",
                           "reshape_as"})
_NEW = frozenset({"new_ones", "new_zeros", "new_full", "new_empty", "new_tensor"})
_REDUCTIONS = frozenset({"sum", "mean", "max", "min", "prod", "any", "all", "norm", "std", "var",
                         "argmax", "argmin", "amax", "amin", "logsumexp", "median", "count_nonzero"})
_STATIC_ATTRS = frozenset({"dtype", "device", "ndim", "is_cuda", "requires_grad", "layout", "names",
                           "is_sparse", "is_leaf", "grad_fn"})
# Tensor methods whose result is metadata, never tensor data: static whatever the receiver holds.
_META_METHODS = frozenset({"dim", "ndimension", "element_size", "is_contiguous", "is_floating_point",
                           "is_complex", "data_ptr", "get_device", "stride", "storage_offset", "is_signed",
                           "has_names", "is_pinned", "is_shared", "dim_order", "is_set_to", "is_cuda"})
_SCALAR_CASTS = frozenset({"int", "float", "bool", "round", "abs", "complex"})
_MATH_CASTS = frozenset({"math.ceil", "math.floor", "math.trunc", "math.sqrt", "math.log2", "math.log"})
# Identifiers that name a boolean mask when nothing else is known about them.
_MASKY = re.compile(r"mask|keep|valid|visib|inside|inbox|in_box|(^|_)(is|has)_", re.I)
_GUARD_CALLS = re.compile(r"^(print|warnings\.warn|log\w*\.\w+|logger\.\w+|\w*log\w*)$")
_CODE = cst.Module([])
_VIA = "\x00via\x00"  # in a reason: replaced by " at line N" of the call/return that carried the value


def _code(node: cst.CSTNode, limit: int = 60) -> str:
    text = " ".join(_CODE.code_for_node(node).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _norm(api: str) -> str:
    return "torch." + api[len("torch.functional."):] if api.startswith("torch.functional.") else api


class _Cond:
    """A value that depends on the callers: parameter `param` of local function `fn` (param=None: its return
    value). kind "taint": it holds tensor data if a caller passes some; "bool": it is a boolean tensor if a
    caller passes one. Used in place of an origin node in _V.taint / _V.bool_origin."""

    __slots__ = ("kind", "fn", "param", "label", "site")

    def __init__(self, kind: str, fn: tuple, param: str | None, label: str, site: int | None = None) -> None:
        self.kind, self.fn, self.param, self.label, self.site = kind, fn, param, label, site


def _real(node) -> bool:
    return node is not None and not isinstance(node, _Cond)


@dataclass(slots=True)
class _V:
    """What the pass knows about a value: which tensor data it holds, whether its shape is data, its dtype."""

    taint: cst.CSTNode | None = None  # origin of tensor *data* held as a number or a tensor
    scalar: bool = False  # the taint was pulled into Python (int(), .item(), .tolist(), len())
    tlist: bool = False  # a list of such values (.tolist()): its elements are tainted
    size: cst.CSTNode | None = None  # a data-dependent *size* (shape of a ragged tensor): MS204 only
    ragged: cst.CSTNode | None = None  # a tensor whose shape depends on data: origin
    boolean: str = "?"  # yes | no | ? : dtype evidence for mask indexing
    bool_origin: cst.CSTNode | None = None
    param: bool = False  # a parameter not reassigned yet (its type comes from the annotation/guess)
    tensor: bool = False  # an element got by iterating a tensor (`for d in dur`, `zip(enc, dur)`): a tensor
    star: tuple | None = None  # (function key, "*" | "**"): the function's own *args / **kwargs parameter
    fields: dict | None = None  # an instance of the file's own class (dataclass, config): attribute -> _V


_NO = _V(boolean="no")


def _first(*nodes):
    """The first known origin; a caller-dependent one (_Cond) only if there is no real one."""
    cond = None
    for n in nodes:
        if n is not None:
            if not isinstance(n, _Cond):
                return n
            cond = cond or n
    return cond


class ShapeExtractor(Extractor):
    """The one pass, plus dynamic-shape facts. `shape_nodes()`/`shape_facts(where)` after the walk."""

    def __init__(self, *args, **kw) -> None:
        super().__init__(*args, **kw)
        self.vals: list[tuple[str, dict[str, _V]]] = [("module", {})]
        self.shape_found: list[tuple[cst.CSTNode, str, str, str, cst.CSTNode | None, str]] = []
        self.stores: set[int] = set()
        self.reported_origins: set[int] = set()
        self.branched: set[int] = set()  # id(test) of the if/while tests already reported
        # across calls to the file's own functions (see _Cond): keys are ("func", name) or (class, method)
        self.conds: dict[tuple, _Cond] = {}
        self.sigs: dict[tuple, list[tuple[list[str], list[str]]]] = {}  # key -> (positional, all) names
        self.fn_keys: list[tuple | None] = []  # the function being walked
        self.lambda_keys: dict[int, tuple] = {}  # id(lambda) -> key of the name it is assigned to
        self.callsites: list[tuple[tuple, int | str, _V, cst.BaseExpression]] = []
        self.returns: list[tuple[tuple, _V, cst.BaseExpression]] = []
        self.pending: list[tuple[_Cond, tuple, tuple | None]] = []  # findings waiting for the callers
        self.via_nodes: dict[int, cst.CSTNode] = {}  # finding node -> the argument/return expression
        self.stars: dict[tuple, tuple[bool, bool]] = {}  # key -> (has *args, has **kwargs)
        self.forwards: list[tuple[tuple, str, tuple, int, int]] = []  # (from key, * or **, to key, offset, site)
        self.class_infos: dict[str, ClassInfo] = {}  # the file's own classes by name
        self.class_fields: dict[str, list[str]] = {}  # class -> annotated fields in order (dataclass-like)
        self.method_names: set[str] = set()  # every `def` in a class body of the file (a cheap gate)
        self._resolved = False

    # ------------------------------------------------------------------ value scopes
    def _push(self, kind: str) -> dict:
        names: dict[str, _V] = {}
        self.vals.append((kind, names))
        return names

    def _lookup(self, name: str) -> _V | None:
        innermost = len(self.vals) - 1
        for i in range(innermost, -1, -1):
            kind, names = self.vals[i]
            if kind == "class" and i != innermost:
                continue
            if name in names:
                return names[name]
        return None

    def _set(self, name: str, v: _V) -> None:
        self.vals[-1][1][name] = v

    def _bind_val(self, target: cst.BaseExpression, v: _V) -> None:
        if isinstance(target, cst.Name):
            self._set(target.value, v)
        elif isinstance(target, (cst.Tuple, cst.List)):
            # unpacking a boolean tensor along dim 0 (`j, k = mask.T`) gives boolean rows
            elem = _V(taint=v.taint, scalar=v.scalar, tlist=False, ragged=v.ragged, boolean=v.boolean,
                      bool_origin=v.bool_origin)
            if v.tlist:
                elem.tlist = False
            for el in target.elements:
                self._bind_val(el.value, elem)
        elif isinstance(target, cst.StarredElement):
            self._bind_val(target.value, _V(tlist=v.tlist, taint=v.taint, scalar=v.scalar))

    def _assign_vals(self, targets, value: cst.BaseExpression) -> None:
        for target in targets:
            if isinstance(target, (cst.Tuple, cst.List)) and isinstance(value, cst.Tuple) and \
                    len(target.elements) == len(value.elements):
                for t_el, v_el in zip(target.elements, value.elements):
                    self._bind_val(t_el.value, self._ev(v_el.value))
            else:
                unpack = self._foreign_call(value)
                if unpack is None or not self._unpack_call(target, unpack):
                    self._bind_val(target, self._ev(value))

    def _foreign_call(self, value: cst.BaseExpression) -> tuple | None:
        """(callee key or None,) if value calls something that is not torch (nor a builtin like zip)."""
        if not isinstance(value, cst.Call) or self._api(value)[0] is not None or \
                self._builtin(value.func, ("zip", "enumerate", "map", "divmod")):
            return None
        recv = self._api(value)[1]
        key = self._callee_key(value.func)
        if recv is not None and recv.kind == OTHER and (key is None or key[0] not in self.class_infos):
            return None
        return (key, id(value))

    def _unpack_call(self, target: cst.BaseExpression, unpack: tuple) -> bool:
        """`a, b = helper(x)` / `a, b = self.block(x)`: a call that is not torch's returns a tuple whose
        elements are unknown (a shape, a flag, a tensor); for the file's own functions, element i is what
        their `return (.., ..)` statements hold at position i."""
        if not isinstance(target, (cst.Tuple, cst.List)):
            return False
        key, site = unpack
        for i, el in enumerate(target.elements):
            if isinstance(el.value, cst.StarredElement) or key is None:
                self._bind_val(el.value, _V())
                continue
            label = f"element {i} of the result of `{key[1]}()`"
            self._bind_val(el.value, _V(taint=self._cond("taint", key, f"#{i}", label, site),
                                        bool_origin=self._cond("bool", key, f"#{i}", label, site)))
        return True

    # ------------------------------------------------------------------ helpers
    def _builtin(self, func: cst.BaseExpression, names) -> str | None:
        if isinstance(func, cst.Name) and func.value in names and self.scopes.lookup(func.value) is None:
            return func.value
        return None

    def _api(self, call: cst.Call) -> tuple[str | None, Binding | None]:
        """(canonical torch api, receiver binding) of a call; a method on an unknown receiver counts."""
        func = call.func
        path = self.resolve_path(func)
        if path is not None:
            if path.split(".")[0] not in TORCH_ROOTS:
                return None, None
            return _norm(self.canonical(path)), None
        if isinstance(func, cst.Attribute):
            if self._rooted_in_project(func):
                return None, None
            if func.attr.value in self.method_names:
                owner = self._instance_class(func.value)
                if owner is not None and self._def_owner(owner, func.attr.value) is not None:
                    return None, None  # `self.head.assigner.assign(...)`: the file's own method
            recv = self.infer(func.value)
            attr = func.attr.value
            if recv is not None and recv.kind == TENSORS and attr in self.cat.tensor_members and \
                    attr not in ("index", "count"):
                # `x.max()` may be a (values, indices) pair, but a tuple has no Tensor method: it was a tensor
                recv = Binding(TENSOR, "tensor method on a tensor-or-pair", recv.confidence)
            if recv is not None and recv.kind != TENSOR:
                return None, recv
            return f"torch.Tensor.{attr}", recv
        return None, None

    @staticmethod
    def _args(call: cst.Call):
        pos = [a for a in call.args if a.keyword is None and not a.star]
        kws = {a.keyword.value: a for a in call.args if a.keyword is not None}
        return pos, kws

    def _is_tensor(self, e: cst.BaseExpression) -> bool:
        if isinstance(e, cst.Comparison) and any(
                isinstance(c.operator, (cst.Is, cst.IsNot, cst.In, cst.NotIn)) for c in e.comparisons):
            return False  # `x is None` is a Python bool
        if isinstance(e, cst.BooleanOperation) or (
                isinstance(e, cst.UnaryOperation) and isinstance(e.operator, cst.Not)):
            return False
        b = self.infer(e)
        return b is not None and b.kind in (TENSOR, TENSORS)  # x.max() is a tensor, x.max(0) a pair

    def _tensor_input(self, e: cst.BaseExpression) -> bool:
        """A tensor that comes in rather than being computed: a tensor parameter or a self.<buffer>."""
        if isinstance(e, cst.Name):
            v = self._lookup(e.value)
            if v is not None and not v.param:
                return False  # assigned here: its _V says whether it holds tensor data
            b = self.scopes.lookup(e.value)
            return b is not None and b.kind == TENSOR and b.value in ("forward() argument", "annotated Tensor")
        if isinstance(e, cst.Attribute) and isinstance(e.value, cst.Name) and e.value.value == "self":
            return self._is_tensor(e)
        if isinstance(e, cst.Subscript):  # boxes[:, 4], boxes[0, 4]: still the input's data
            return self._tensor_input(e.value) and self._is_tensor(e)
        return False

    def _computed_tensor(self, e: cst.BaseExpression) -> bool:
        """A tensor computed here (a guessed forward() argument or self.<attr> on its own is not)."""
        if isinstance(e, (cst.Name, cst.Attribute)):
            return False
        if isinstance(e, cst.Call):
            path = self.resolve_path(e.func)
            if path is not None:
                api = _norm(self.canonical(path))
                last = api.rpartition(".")[2]
                if last.startswith(("is_", "are_", "get_", "has_")) or "._" in api or \
                        self.cat.kind(api) is None:
                    return False  # private or uncatalogued helpers: their results are not known tensors
        return self._is_tensor(e)

    def _kwargs_read(self, holder: cst.BaseExpression, key: cst.BaseExpression) -> _V | None:
        """`kwargs["k"]` / `kwargs.get("k")` in a function with `**kwargs`: what its callers pass as k=."""
        if not isinstance(holder, cst.Name) or not isinstance(key, cst.SimpleString):
            return None
        v = self._lookup(holder.value)
        if v is None or v.star is None or v.star[1] != "**":
            return None
        fn = v.star[0]
        name = key.evaluated_value
        if not isinstance(name, str):
            return None
        label = f"keyword `{name}` of `{fn[1]}(**{holder.value})`"
        return _V(param=True, taint=self._cond("taint", fn, "**" + name, label),
                  bool_origin=self._cond("bool", fn, "**" + name, label))

    def _fields(self, call: cst.Call) -> dict | None:
        """Attribute values of `Cfg(a, k=v)` when Cfg is the file's own class (dataclass, NamedTuple, a
        config whose __init__ stores its parameters): keywords by name, positions by field order."""
        name = call.func.value if isinstance(call.func, cst.Name) else None
        if name is None or name not in self.class_infos:
            return None
        order = self.class_fields.get(name) or next(iter(self.sigs.get((name, "__init__"), ())), ((),))[0]
        out: dict[str, _V] = {}
        i = 0
        for a in call.args:
            if a.star:
                return out or None
            if a.keyword is not None:
                out[a.keyword.value] = self._ev(a.value)
            else:
                if i < len(order):
                    out[order[i]] = self._ev(a.value)
                i += 1
        return out

    def _instance_class(self, e: cst.BaseExpression, depth: int = 0) -> str | None:
        """The file's own class whose instance `e` holds: `self.assigner`, `self.head.assigner`, a module-level
        `helper = Helper()`."""
        if isinstance(e, cst.Name):
            b = self.scopes.lookup(e.value)
        elif isinstance(e, cst.Attribute) and depth < 6:
            b = self.infer(e)
            if b is None:
                owner = self._instance_class(e.value, depth + 1)
                info = self.class_infos.get(owner) if owner is not None else None
                b = self._class_attr(info, e.attr.value) if info is not None else None
        else:
            return None
        if b is None or not isinstance(b.value, str):
            return None
        name = b.value
        if b.kind == OTHER and name.startswith("instance of "):
            name = name[len("instance of "):]
        elif b.kind not in (MODULE, MAYBE_MODULE):
            return None
        return name if name in self.class_infos else None

    @staticmethod
    def _class_attr(info: ClassInfo, attr: str, depth: int = 0) -> Binding | None:
        b = info.attrs.get(attr)
        if b is None and depth < 8:
            for base in info.bases:
                b = ShapeExtractor._class_attr(base, attr, depth + 1)
                if b is not None:
                    break
        return b

    def _def_owner(self, cls: str, meth: str, depth: int = 0) -> str | None:
        """The class (cls or an in-file base) whose body has `def meth`."""
        info = self.class_infos.get(cls)
        if info is None:
            return None
        todo, seen = [info], set()
        while todo:
            c = todo.pop(0)
            if id(c) in seen:
                continue
            seen.add(id(c))
            b = c.attrs.get(meth)
            if b is not None and b.value == "def":
                return c.name
            todo.extend(c.bases)
        return None

    # ------------------------------------------------------------------ evaluation
    def _ev(self, e: cst.BaseExpression) -> _V:
        t = type(e)
        if t is cst.Name:
            v = self._lookup(e.value)
            if v is not None:
                return v
            if e.value in ("True", "False", "None"):
                return _NO
            b = self.scopes.lookup(e.value)
            return _V(boolean="?" if b is None or b.kind in (TENSOR, UNKNOWN) else "no")
        if t in (cst.Integer, cst.Float, cst.SimpleString, cst.FormattedString, cst.ConcatenatedString,
                 cst.Imaginary, cst.Ellipsis):
            return _NO
        if t is cst.Comparison:
            return self._ev_compare(e)
        if t is cst.BinaryOperation:
            a, b = self._ev(e.left), self._ev(e.right)
            bitwise = isinstance(e.operator, (cst.BitAnd, cst.BitOr, cst.BitXor))
            if bitwise:
                boolean = "yes" if "yes" in (a.boolean, b.boolean) else (
                    "?" if "?" in (a.boolean, b.boolean) else "no")
            else:
                boolean = "no"
            taint = _first(a.taint, b.taint, e if self._computed_tensor(e) else None)
            return _V(taint=taint, scalar=(a.scalar or b.scalar) and not self._is_tensor(e),
                      size=_first(a.size, b.size), ragged=_first(a.ragged, b.ragged), boolean=boolean,
                      bool_origin=_first(a.bool_origin, b.bool_origin) if boolean == "yes" else None)
        if t is cst.UnaryOperation:
            inner = self._ev(e.expression)
            if isinstance(e.operator, cst.BitInvert):
                return inner
            return _V(taint=inner.taint, scalar=inner.scalar, size=inner.size, boolean="no")
        if t is cst.BooleanOperation:
            a, b = self._ev(e.left), self._ev(e.right)
            return _V(taint=_first(a.taint, b.taint), scalar=a.scalar or b.scalar,
                      size=_first(a.size, b.size), boolean="no")
        if t is cst.IfExp:
            a, b = self._ev(e.body), self._ev(e.orelse)
            return _V(taint=_first(a.taint, b.taint), scalar=a.scalar or b.scalar, tlist=a.tlist or b.tlist,
                      size=_first(a.size, b.size), ragged=_first(a.ragged, b.ragged),
                      boolean=a.boolean if a.boolean == b.boolean else "?")
        if t in (cst.Tuple, cst.List):
            vs = [self._ev(el.value) for el in e.elements]
            return _V(taint=_first(*(v.taint for v in vs)), scalar=any(v.scalar for v in vs),
                      tlist=any(v.tlist for v in vs), boolean="no")
        if t is cst.NamedExpr:
            return self._ev(e.value)
        if t is cst.Subscript:
            return self._ev_subscript(e)
        if t is cst.Attribute:
            return self._ev_attribute(e)
        if t is cst.Call:
            return self._ev_call(e)
        return _V()

    def _ev_compare(self, e: cst.Comparison) -> _V:
        if any(isinstance(c.operator, (cst.Is, cst.IsNot, cst.In, cst.NotIn)) for c in e.comparisons):
            return _NO
        parts = [e.left, *(c.comparator for c in e.comparisons)]
        vs = [self._ev(p) for p in parts]
        tensorish = any(_real(v.taint) or v.ragged is not None or self._tensor_input(p) or self._is_tensor(p)
                        for p, v in zip(parts, vs))
        unknown = any(self.infer(p) is None and not isinstance(p, (cst.Integer, cst.Float)) for p in parts)
        taint = _first(*(v.taint for v in vs))
        if not _real(taint) and any(self._tensor_input(p) for p in parts):
            taint = e  # `lengths == 0` on a forward() argument: a tensor value
        boolean = "yes" if tensorish or unknown else "no"
        return _V(taint=taint, scalar=any(v.scalar for v in vs), size=_first(*(v.size for v in vs)),
                  boolean=boolean, bool_origin=e if boolean == "yes" else None)

    def _ev_subscript(self, e: cst.Subscript) -> _V:
        if len(e.slice) == 1 and isinstance(e.slice[0].slice, cst.Index):
            kw = self._kwargs_read(e.value, e.slice[0].slice.value)  # `kwargs["k"]`
            if kw is not None:
                return kw
        base = self._ev(e.value)
        ragged = base.ragged
        if self._mask_element(e) is not None:
            ragged = e
        elif any(_real((self._sink_origin(b) or (None,))[0]) for el in e.slice
                 if isinstance(el.slice, cst.Slice) for b in self._slice_bounds(el.slice)):
            ragged = e
        elif ragged is None:  # `order[inds + 1]` with inds from a nonzero: one row per index
            for el in e.slice:
                if isinstance(el.slice, cst.Index) and not isinstance(el.slice.value, (cst.Integer, cst.Name)):
                    iv = self._ev(el.slice.value)
                elif isinstance(el.slice, cst.Index) and isinstance(el.slice.value, cst.Name):
                    iv = self._lookup(el.slice.value.value) or _NO
                else:
                    continue
                if iv.ragged is not None and not iv.scalar:
                    ragged = iv.ragged
                    break
        only_index = all(isinstance(el.slice, cst.Index) for el in e.slice)
        taint = base.taint
        if not _real(taint) and self._computed_tensor(e) and not isinstance(e.value, (cst.Name, cst.Attribute)):
            taint = e
        return _V(taint=taint, scalar=base.scalar, tlist=base.tlist and not only_index, size=base.size,
                  ragged=ragged, boolean=base.boolean, bool_origin=base.bool_origin)

    def _ev_attribute(self, e: cst.Attribute) -> _V:
        attr = e.attr.value
        if self.resolve_path(e) is not None:
            return _NO  # torch.bool, torch.float32 ...
        if attr == "shape":
            base = self._ev(e.value)
            return _V(size=base.ragged, boolean="no")
        if attr in _STATIC_ATTRS:
            return _NO
        if isinstance(e.value, cst.Name) and e.value.value in ("self", "cls"):
            return _V(boolean="?")
        base = self._ev(e.value)
        if base.fields is not None:
            return base.fields.get(attr) or _V()  # `budget.n_keep` of `Budget(n_keep=int(t.sum()))`
        if attr in ("T", "mT", "data", "values", "indices", "real", "imag"):
            return base
        return _V(ragged=base.ragged)

    def _ev_call(self, e: cst.Call) -> _V:
        func = e.func
        pos, kws = self._args(e)
        name = self._builtin(func, _SCALAR_CASTS | {"min", "max", "sum", "len", "list", "tuple", "sorted"})
        if name is None and dotted_name(func) in _MATH_CASTS:
            name = "int"
        if name is not None:
            vs = [self._ev(a.value) for a in e.args]
            if name == "len":
                if pos and vs[0].ragged is not None:
                    return _V(taint=e, scalar=True, boolean="no")
                return _V(size=vs[0].size if vs else None, boolean="no")
            if name in ("list", "tuple", "sorted"):
                return vs[0] if vs else _NO
            taint = _first(*(v.taint for v in vs))
            if name in _SCALAR_CASTS and pos and (_real(taint) and not vs[0].scalar or (
                    not _real(taint) and self._is_tensor(pos[0].value))):
                taint = e  # int(t): the value leaves the tensor here
            return _V(taint=taint, scalar=taint is not None, size=_first(*(v.size for v in vs)), boolean="no")
        if isinstance(func, cst.Attribute) and func.attr.value in ("get", "pop") and pos:
            kw = self._kwargs_read(func.value, pos[0].value)  # `kwargs.get("k")` of the function's **kwargs
            if kw is not None:
                return kw
        api, recv = self._api(e)
        if api is None:
            key = self._callee_key(func)
            own_class = key is not None and key[0] in self.class_infos
            if recv is not None and recv.kind == OTHER and not own_class:
                return _NO
            taint = e if self._computed_tensor(e) else None  # self.fc(x): a module output
            ret_bool = None
            if key is not None:  # the file's own function: whatever it returns (resolved at the end)
                label = f"the output of `{key[0]}`" if key[1] == "forward" and key[0] != "func" else \
                    f"the result of `{key[1]}()`"
                taint = _first(taint, self._cond("taint", key, None, label, id(e)))
                ret_bool = self._cond("bool", key, None, label, id(e))
            fields = self._fields(e) if isinstance(func, cst.Name) else None
            if isinstance(func, cst.Attribute):
                return _V(taint=taint, ragged=self._ev(func.value).ragged, bool_origin=ret_bool)
            return _V(taint=taint, bool_origin=ret_bool, fields=fields)
        meth = api.rpartition(".")[2]
        is_method = api.startswith("torch.Tensor.") and _is_method_call(self, func)
        base = self._ev(func.value) if is_method else _V()
        if api.startswith("torch.Tensor.") and not is_method and pos:
            # unbound: torch.Tensor.nonzero(x) is x.nonzero()
            is_method, base, pos = True, self._ev(pos[0].value), pos[1:]
        if is_method and meth in _META_METHODS:
            return _NO
        if is_method and meth == "item":
            return _V(taint=e, scalar=True, boolean="no")
        if is_method and meth == "tolist":
            return _V(taint=e, scalar=True, tlist=True, boolean="no")
        if meth in ("equal", "allclose", "is_nonzero"):
            return _V(taint=e if not _real(base.taint) else base.taint, scalar=True, boolean="no")
        if is_method and meth in ("numel", "nelement"):
            return _V(taint=e, scalar=True, boolean="no") if base.ragged is not None else _NO
        if is_method and meth == "size":
            return _V(size=base.ragged, boolean="no")
        if self._data_dependent(e, api) is not None:
            return _V(taint=e, ragged=e, boolean="no")
        boolean = "no"
        if meth in _BOOL_FUNCS:
            boolean = "yes"
        elif meth in ("to", "type") and is_method:
            dt = kws.get("dtype") or (pos[0] if pos else None)
            canon = self._canon(dt.value) if dt is not None else None
            if canon in ("torch.bool", "bool"):
                boolean = "yes"
            elif canon == "torch.uint8":
                boolean = base.boolean  # a uint8 mask still indexes as a mask
            elif canon is None or not canon.startswith("torch."):
                boolean = base.boolean  # .to(device)
        elif is_method and meth in _BOOL_KEEP:
            boolean = base.boolean
        elif meth == "byte" and is_method:
            boolean = base.boolean
        elif "dtype" in kws and self._canon(kws["dtype"].value) in ("torch.bool", "bool"):
            boolean = "yes"
        elif meth in ("tensor", "as_tensor", "BoolTensor") and (meth == "BoolTensor" or (
                pos and self._bool_literal(pos[0].value))):
            boolean = "yes"
        elif meth in ("full", "full_like") and len(pos) >= 2 and dotted_name(pos[1].value) in ("True", "False"):
            boolean = "yes"
        elif not is_method and meth in ("stack", "cat") and pos and isinstance(pos[0].value, (cst.List, cst.Tuple)):
            if any(self._ev(el.value).boolean == "yes" for el in pos[0].value.elements):
                boolean = "yes"
        elif "dtype" not in kws and pos and not is_method and (meth in _BOOL_KEEP or meth in _LIKE):
            boolean = self._ev(pos[0].value).boolean  # torch.ones_like(mask), torch.flip(mask, ...)
        elif "dtype" not in kws and is_method and meth in _NEW:
            boolean = base.boolean  # mask.new_ones(n): same dtype as the receiver
        ragged = base.ragged if meth not in _REDUCTIONS else None
        if ragged is None and is_method and meth in _INDEX_SHAPED:  # `rows.index_select(0, far)`: far's length
            ragged = _first(*(self._ev(a.value).ragged for a in pos))
        if ragged is None and not is_method and meth not in _REDUCTIONS:
            for a in pos:
                if isinstance(a.value, (cst.List, cst.Tuple)):
                    ragged = _first(*(self._ev(el.value).ragged for el in a.value.elements))
                else:
                    ragged = self._ev(a.value).ragged
                if ragged is not None:
                    break
        known = self.infer(e)
        if known is not None and known.kind == OTHER:
            return _V(boolean="no")  # x.dim(), x.is_floating_point(): Python values, not tensor data
        taint = _first(e if self._computed_tensor(e) else None, base.taint)  # the nearest tensor value
        if not _real(taint) and is_method and recv is None and meth in _REDUCTIONS:
            taint = e  # `x.sum()` on a value of unknown type: a tensor reduction in torch code
        return _V(taint=taint, ragged=ragged, boolean=boolean, bool_origin=e if boolean == "yes" else None)

    def _canon(self, e: cst.BaseExpression) -> str | None:
        path = self.resolve_path(e)
        return self.canonical(path) if path is not None else None

    @staticmethod
    def _bool_literal(e: cst.BaseExpression) -> bool:
        while isinstance(e, (cst.List, cst.Tuple)) and e.elements:
            e = e.elements[0].value
        return isinstance(e, cst.Name) and e.value in ("True", "False")

    # ------------------------------------------------------------------ MS201
    def _data_dependent(self, call: cst.Call, api: str) -> str | None:
        """Why the op's output length is data, or None."""
        fn = api.replace("torch.Tensor.", "torch.", 1)
        if fn in _DATA_DEP_OPS:
            return _DATA_DEP_OPS[fn]
        if fn not in _COND_OPS:
            return None
        pos, kws = self._args(call)
        is_method = api.startswith("torch.Tensor.")
        if is_method and not _is_method_call(self, call.func):
            pos = pos[1:]  # unbound torch.Tensor.repeat_interleave(x, r): x is the receiver
        if fn == "torch.where":
            n_args = len(pos) + ("condition" in kws)
            if not is_method and n_args == 1 and not (set(kws) & {"input", "other", "x", "y"}):
                return "one-argument where is nonzero(as_tuple=True): one index per True"
            return None
        if fn == "torch.repeat_interleave":
            if "output_size" in kws:
                return None
            if not is_method and len(pos) == 1 and "repeats" not in kws:
                return "repeat_interleave(repeats) has sum(repeats) elements"
            rep = kws.get("repeats") or (pos[0] if is_method and pos else pos[1] if len(pos) > 1 else None)
            if rep is not None and (self._is_tensor(rep.value) or self._ev(rep.value).tensor):
                return f"tensor repeats `{_code(rep.value, 30)}`: the length is sum(repeats)"
            return None
        if fn == "torch.nn.functional.one_hot":
            nc = kws.get("num_classes") or (pos[1] if len(pos) > 1 else None)
            if nc is None:
                return "without num_classes the width is max(input) + 1"
            v = nc.value
            if isinstance(v, cst.UnaryOperation) and isinstance(v.expression, cst.Integer) and \
                    v.expression.value == "1":
                return "num_classes=-1: the width is max(input) + 1"
            return None
        if fn == "torch.nn.utils.rnn.pad_packed_sequence":
            return None if "total_length" in kws else "without total_length the time axis is max(lengths)"
        return None

    # ------------------------------------------------------------------ MS202
    def _mask_element(self, e: cst.Subscript, callers: bool = False) -> tuple[cst.BaseExpression, _V, str] | None:
        """The boolean index of `x[...]` (value, its _V, confidence), if there is one. With callers=True
        also an index that is a boolean tensor if a caller passes one (confidence "callers")."""
        recv = self.infer(e.value)
        if recv is not None and recv.kind != TENSOR:
            return None
        for el in e.slice:
            if not isinstance(el.slice, cst.Index):
                continue
            idx = el.slice.value
            if isinstance(idx, (cst.Integer, cst.Name)) and getattr(idx, "value", None) in ("None", "True", "False"):
                continue
            v = self._ev(idx)
            if v.boolean == "yes":
                return idx, v, "high" if recv is not None else "medium"
            if callers and v.boolean == "?" and isinstance(v.bool_origin, _Cond):
                return idx, v, "callers"
            if v.boolean == "?" and self._masky(idx):
                return idx, v, "medium" if recv is not None else "low"
        return None

    @staticmethod
    def _masky(idx: cst.BaseExpression) -> bool:
        while isinstance(idx, cst.UnaryOperation) and isinstance(idx.operator, cst.BitInvert):
            idx = idx.expression
        if isinstance(idx, cst.Name):
            return _MASKY.search(idx.value) is not None
        if isinstance(idx, cst.Attribute):
            return _MASKY.search(idx.attr.value) is not None
        return False

    # ------------------------------------------------------------------ MS203
    @staticmethod
    def _slice_bounds(s: cst.Slice):
        return [b for b in (s.lower, s.upper, s.step) if b is not None]

    def _sink_origin(self, e: cst.BaseExpression, tensor_ok: bool = True) -> tuple[cst.CSTNode, _V] | None:
        """(origin, value) if e (or an element of a tuple/list e) holds tensor data."""
        if isinstance(e, (cst.Tuple, cst.List)):
            found = [got for el in e.elements if (got := self._sink_origin(el.value, tensor_ok)) is not None]
            found.sort(key=lambda got: (not _real(got[0]), id(got[0]) in self.reported_origins))
            return next((got for got in found if id(got[0]) not in self.reported_origins), found[0] if found else None)
        v = self._ev(e)
        if v.taint is None:
            return None
        if not tensor_ok and not v.scalar and self._is_tensor(e):
            return None
        return v.taint, v

    def _report_sink(self, node: cst.CSTNode, api: str, arg: cst.BaseExpression, origin: cst.CSTNode,
                     v: _V, conf: str = "high") -> None:
        if id(origin) in self.reported_origins:
            return  # one report per value: the first place it becomes a size
        self.reported_origins.add(id(origin))
        if isinstance(origin, _Cond):
            self.pending.append((origin, ("MS203", node, api, arg, conf), None))
            return
        if origin is arg or (isinstance(arg, cst.Call) and origin in arg.args):
            how = "is read from a tensor" if v.scalar else "is a tensor value"
            reason = f"`{_code(arg)}` {how}"
        else:
            reason = f"`{_code(arg)}` comes from `{_code(origin, 50)}`"
        self.shape_found.append((node, "MS203", api, reason, origin, conf))

    def _check_sinks(self, call: cst.Call, api: str, recv: Binding | None) -> None:
        spec = _SINKS.get(api)
        if spec is None:
            return
        idxs, kwnames = spec
        pos, kws = self._args(call)
        if api.startswith("torch.Tensor.") and not _is_method_call(self, call.func):
            pos = pos[1:]  # unbound torch.Tensor.view(x, n): x is the receiver
        cands = []
        if idxs == _ALL:
            cands = [a.value for a in pos]
        elif idxs == "tuple":
            cands = [a.value for a in pos if isinstance(a.value, (cst.Tuple, cst.List))]
        else:
            cands = [pos[i].value for i in idxs if i < len(pos)]
        cands += [kws[k].value for k in kwnames if k in kws]
        cands += [a.value for a in call.args if a.star == "*"]
        tensor_ok = api.rpartition(".")[2] != "repeat_interleave"
        node = call.func.attr if isinstance(call.func, cst.Attribute) else call.func
        found = [(arg, got) for arg in cands if (got := self._sink_origin(arg, tensor_ok)) is not None]
        # a value not reported yet first (`new_zeros(batch_size, max_nodes)` when batch_size was), then
        # one known to hold tensor data, one that depends on the callers after
        found.sort(key=lambda f: (id(f[1][0]) in self.reported_origins, not _real(f[1][0])))
        if found:
            arg, got = found[0]
            conf = "high" if recv is not None or not api.startswith("torch.Tensor.") or \
                not _is_method_call(self, call.func) else "medium"  # unbound torch.Tensor.x(t): resolved
            self._report_sink(node, api, arg, got[0], got[1], conf)

    # ------------------------------------------------------------------ visitors: scopes
    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        cls = self.classes[-1] if self.classes and self.scopes.current.kind == "class" else None
        super().visit_FunctionDef(node)
        self.vals[-1][1].pop(node.name.value, None)
        names = self._push("function")
        p = node.params
        positional = [q.name.value for q in [*p.posonly_params, *p.params]]
        if cls is not None and positional and not any(
                dotted_name(d.decorator) == "staticmethod" for d in node.decorators):
            positional = positional[1:]  # self / cls
        key = (cls.name, node.name.value) if cls is not None else ("func", node.name.value)
        if cls is not None:
            self.method_names.add(node.name.value)
        self._enter_fn(key, names, positional, [q.name.value for q in p.kwonly_params], node.name.value)
        for param in [*p.posonly_params, *p.params, *p.kwonly_params]:
            names.setdefault(param.name.value, _V(param=True))
        self.stars[key] = (isinstance(p.star_arg, cst.Param), isinstance(p.star_kwarg, cst.Param))
        if isinstance(p.star_arg, cst.Param):  # *sizes: the callers' extra positional values
            label = f"`*{p.star_arg.name.value}` of `{node.name.value}()`"
            names[p.star_arg.name.value] = _V(star=(key, "*"), taint=self._cond("taint", key, "*", label),
                                               boolean="no")
        if isinstance(p.star_kwarg, cst.Param):  # read through kwargs["k"] / kwargs.get("k"), or forwarded
            names[p.star_kwarg.name.value] = _V(star=(key, "**"), boolean="no")

    def _enter_fn(self, key, names: dict, positional: list[str], kwonly: list[str], title: str) -> None:
        """Binds each parameter to what its callers pass (a _Cond), and records the signature."""
        self.fn_keys.append(key)
        if key is None:
            return
        self.sigs.setdefault(key, []).append((positional, positional + kwonly))
        for name in positional + kwonly:
            label = f"parameter `{name}` of `{title}()`"
            names[name] = _V(param=True, taint=self._cond("taint", key, name, label),
                             bool_origin=self._cond("bool", key, name, label))

    def _cond(self, kind: str, key: tuple, param: str | None, label: str, site: int | None = None) -> _Cond:
        """A parameter's _Cond (one per function), or a call's result (one per call site: `site`)."""
        c = self.conds.get((kind, key, param, site))
        if c is None:
            c = self.conds[(kind, key, param, site)] = _Cond(kind, key, param, label, site)
        return c

    def leave_FunctionDef(self, node: cst.FunctionDef) -> None:
        super().leave_FunctionDef(node)
        self.vals.pop()
        self.fn_keys.pop()

    def visit_Lambda(self, node: cst.Lambda) -> None:
        super().visit_Lambda(node)
        names = self._push("lambda")
        key = self.lambda_keys.get(id(node))
        params = [p.name.value for p in [*node.params.posonly_params, *node.params.params]]
        kwonly = [p.name.value for p in node.params.kwonly_params]
        self._enter_fn(key, names, params, kwonly, key[1] if key else "lambda")
        for name in params + kwonly:
            names.setdefault(name, _V(param=True))

    def leave_Lambda(self, node: cst.Lambda) -> None:
        key = self.fn_keys[-1]
        if key is not None:
            self._record_return(key, node.body)
        super().leave_Lambda(node)
        self.vals.pop()
        self.fn_keys.pop()

    def leave_Return(self, node: cst.Return) -> None:
        super().leave_Return(node)
        key = self.fn_keys[-1] if self.fn_keys else None
        if key is not None and node.value is not None:
            self._record_return(key, node.value)

    def _record_return(self, key: tuple, value: cst.BaseExpression) -> None:
        if isinstance(value, (cst.Tuple, cst.List)):  # element by element; the whole is not one value
            for i, el in enumerate(value.elements):
                if not isinstance(el, cst.StarredElement):
                    self.returns.append(((key, f"#{i}"), self._ev(el.value), el.value))
            return
        self.returns.append(((key, None), self._ev(value), value))

    def _callee_key(self, func: cst.BaseExpression) -> tuple | None:
        """The local function, method or module (its forward) a call reaches, if it is this file's own:
        also methods of objects that hold the file's own classes (`self.head.assigner.assign(...)`, a
        module-level `helper = Helper()`)."""
        if isinstance(func, cst.Name):
            b = self.scopes.lookup(func.value)
            if b is not None and b.kind in (MODULE, MAYBE_MODULE) and isinstance(b.value, str):
                return (self._def_owner(b.value, "forward") or b.value, "forward")
            inst = self._instance_class(func)
            if inst is not None:  # `helper(x)`: Helper.__call__
                return (self._def_owner(inst, "__call__") or inst, "__call__")
            return ("func", func.value)
        if not isinstance(func, cst.Attribute):
            return None
        if isinstance(func.value, cst.Name) and self.methods:
            self_name, cls = self.methods[-1]
            if cls is not None and func.value.value == self_name:
                b = cls.attrs.get(func.attr.value)
                if b is not None and b.kind in (MODULE, MAYBE_MODULE) and isinstance(b.value, str):
                    # self.sampler = Sampler() ... self.sampler(x, n)
                    return (self._def_owner(b.value, "forward") or b.value, "forward")
                inst = self._instance_class(func)
                if inst is not None:
                    return (self._def_owner(inst, "__call__") or inst, "__call__")
                return (self._def_owner(cls.name, func.attr.value) or cls.name, func.attr.value)
        if func.attr.value in self.method_names:
            owner = self._instance_class(func.value)
            if owner is not None:
                meth_owner = self._def_owner(owner, func.attr.value)
                if meth_owner is not None:
                    return (meth_owner, func.attr.value)
        inst = self._instance_class(func) if "__call__" in self.method_names or "forward" in self.method_names \
            else None
        if inst is not None:  # self.head.assigner(x)
            meth = "forward" if self.class_infos[inst].torch_module != "no" else "__call__"
            return (self._def_owner(inst, meth) or inst, meth)
        return None

    def _record_callsite(self, call: cst.Call) -> None:
        key = self._callee_key(call.func)
        if key is None:
            return
        i: int | None = 0  # the next positional slot; None once a `*seq` of unknown length passed
        for a in call.args:
            if a.star:
                star = self._lookup(a.value.value) if isinstance(a.value, cst.Name) else None
                if star is not None and star.star is not None and star.star[1] == a.star:
                    # `helper(x, *args, **kwargs)` inside a function with *args/**kwargs: its callers' values
                    self.forwards.append((star.star[0], a.star, key, i if i is not None else -1, id(call)))
                if a.star == "*":
                    if isinstance(a.value, (cst.List, cst.Tuple)) and i is not None:  # f(*[a, b]), f(*(a, b))
                        for el in a.value.elements:
                            if isinstance(el, cst.StarredElement):
                                i = None
                                break
                            self._record_arg(key, i, el.value, call)
                            i += 1
                    else:
                        i = None  # the positions after an unknown sequence are unknown
                continue
            if a.keyword is None:
                if i is None:
                    continue
                slot: int | str = i
                i += 1
            else:
                slot = a.keyword.value
            self._record_arg(key, slot, a.value, call)

    def _record_arg(self, key: tuple, slot: int | str, arg: cst.BaseExpression, call: cst.Call) -> None:
        v = self._ev(arg)
        if v.taint is not None or v.boolean == "yes" or isinstance(v.bool_origin, _Cond):
            self.callsites.append((key, slot, v, arg, id(call)))

    def visit_ClassDef(self, node: cst.ClassDef) -> None:
        super().visit_ClassDef(node)
        if self.classes:
            self.class_infos[node.name.value] = self.classes[-1]
        self._push("class")

    def leave_ClassDef(self, node: cst.ClassDef) -> None:
        super().leave_ClassDef(node)
        self.vals.pop()

    def _enter_comp(self, node) -> None:
        super()._enter_comprehension(node)
        self._push("comprehension")
        comp = node.for_in
        while comp is not None:
            self._bind_loop(comp.target, comp.iter)
            comp = comp.inner_for_in

    def _leave_comp(self, node) -> None:
        super()._leave_comprehension(node)
        self.vals.pop()

    visit_ListComp = visit_SetComp = visit_GeneratorExp = visit_DictComp = _enter_comp
    leave_ListComp = leave_SetComp = leave_GeneratorExp = leave_DictComp = _leave_comp

    def _bind_loop(self, target: cst.BaseExpression, it: cst.BaseExpression) -> None:
        """Loop targets: elements of a .tolist() are tensor values; range() indices are plain ints."""
        if isinstance(it, cst.Call) and self._builtin(it.func, ("range",)):
            self._bind_val(target, _NO)
            return
        if isinstance(it, cst.Call) and self._builtin(it.func, ("enumerate", "zip")):
            args = [a.value for a in it.args if not a.star and a.keyword is None]
            if isinstance(target, (cst.Tuple, cst.List)):
                offset = 1 if it.func.value == "enumerate" else 0
                for i, el in enumerate(target.elements):
                    j = i - offset
                    if 0 <= j < len(args):
                        self._bind_val(el.value, self._element(args[j]))
                    else:
                        self._bind_val(el.value, _V(boolean="no") if j < 0 else _V())
                return
            self._bind_val(target, _V())
            return
        self._bind_val(target, self._element(it))

    def _element(self, it: cst.BaseExpression) -> _V:
        """What one element of iterating `it` holds: a tensor value from a .tolist(), a tensor's row."""
        v = self._ev(it)
        if v.tlist:
            return _V(taint=v.taint, scalar=True)
        tensor = not v.scalar and (_real(v.taint) or self._tensor_input(it)) and self._is_tensor(it) or \
            v.tensor and isinstance(it, cst.Name)
        return _V(taint=v.taint, tensor=tensor)

    # ------------------------------------------------------------------ visitors: bindings
    def visit_Assign(self, node: cst.Assign) -> None:
        super().visit_Assign(node)
        if isinstance(node.value, cst.Lambda) and len(node.targets) == 1 and \
                isinstance(node.targets[0].target, cst.Name):
            self.lambda_keys[id(node.value)] = ("func", node.targets[0].target.value)
        for t in node.targets:
            self._mark_stores(t.target)

    def _mark_stores(self, target: cst.BaseExpression) -> None:
        if isinstance(target, cst.Subscript):
            self.stores.add(id(target))
        elif isinstance(target, (cst.Tuple, cst.List)):
            for el in target.elements:
                self._mark_stores(el.value)
        elif isinstance(target, cst.StarredElement):
            self._mark_stores(target.value)

    def leave_Assign(self, node: cst.Assign) -> None:
        targets = [t.target for t in node.targets]
        vals = [(t, self._ev(node.value)) for t in targets] if not isinstance(node.value, cst.Tuple) else None
        unpack = self._foreign_call(node.value)
        super().leave_Assign(node)
        if vals is None:
            self._assign_vals(targets, node.value)  # tuple = tuple: element by element
        else:
            for t, v in vals:
                if unpack is None or not self._unpack_call(t, unpack):
                    self._bind_val(t, v)

    def leave_AnnAssign(self, node: cst.AnnAssign) -> None:
        v = self._ev(node.value) if node.value is not None else _V()
        if self.vals[-1][0] == "class" and self.classes and isinstance(node.target, cst.Name):
            self.class_fields.setdefault(self.classes[-1].name, []).append(node.target.value)  # dataclass field
        super().leave_AnnAssign(node)
        self._bind_val(node.target, v)

    def leave_AugAssign(self, node: cst.AugAssign) -> None:
        v = self._ev(node.value)
        super().leave_AugAssign(node)
        if isinstance(node.target, cst.Name) and v.taint is not None:
            old = self._ev(node.target)
            boolean, bool_origin = "no", None
            if isinstance(node.operator, (cst.BitAndAssign, cst.BitOrAssign, cst.BitXorAssign)):
                both = (old.boolean, v.boolean)  # `keep &= score > t` keeps a mask a mask
                boolean = "yes" if "yes" in both else "?" if "?" in both else "no"
                bool_origin = _first(old.bool_origin, v.bool_origin)
            self._set(node.target.value, _V(taint=_first(old.taint, v.taint), scalar=old.scalar or v.scalar,
                                            boolean=boolean, bool_origin=bool_origin, param=old.param))

    def leave_NamedExpr(self, node: cst.NamedExpr) -> None:
        v = self._ev(node.value)
        super().leave_NamedExpr(node)
        self._bind_val(node.target, v)

    def visit_For(self, node: cst.For) -> None:
        super().visit_For(node)
        self._bind_loop(node.target, node.iter)

    def leave_WithItem(self, node: cst.WithItem) -> None:
        super().leave_WithItem(node)
        if node.asname is not None:
            self._bind_val(node.asname.name, _V())

    # ------------------------------------------------------------------ visitors: facts
    def visit_Call(self, node: cst.Call) -> None:
        super().visit_Call(node)
        self._record_callsite(node)
        if self._builtin(node.func, ("range",)):
            for a in node.args:
                got = self._sink_origin(a.value)
                if got is not None:
                    self._report_sink(node.func, "range", a.value, got[0], got[1])
                    break
            return
        api, recv = self._api(node)
        if api is None:
            return
        if api.startswith("torch.Tensor.") and not _is_method_call(self, node.func) and not self._args(node)[0]:
            return  # a bare reference chain, not a call on a tensor
        why = self._data_dependent(node, api)
        if why is not None:
            conf = "high" if recv is not None or not api.startswith("torch.Tensor.") or \
                not _is_method_call(self, node.func) else "medium"  # unbound torch.Tensor.x(t): resolved
            name_node = node.func.attr if isinstance(node.func, cst.Attribute) else node.func
            self.shape_found.append((name_node, "MS201", api, why, None, conf))
            return
        self._check_sinks(node, api, recv)

    def visit_Arg(self, node: cst.Arg) -> None:
        """An op passed as a value (`map(torch.nonzero, masks)`, `partial(torch.unique, dim=0)`) is called."""
        super().visit_Arg(node)
        value = node.value
        if not isinstance(value, (cst.Name, cst.Attribute)):
            return
        path = self.resolve_path(value)
        if path is None or path.split(".")[0] not in TORCH_ROOTS:
            return
        api = _norm(self.canonical(path))
        why = _DATA_DEP_OPS.get(api.replace("torch.Tensor.", "torch.", 1))
        if why is not None:
            name_node = value.attr if isinstance(value, cst.Attribute) else value
            self.shape_found.append((name_node, "MS201", api, f"passed as a function: {why}", None, "medium"))

    def visit_Subscript(self, node: cst.Subscript) -> None:
        super().visit_Subscript(node)
        recv = self.infer(node.value)
        if recv is not None and recv.kind == OTHER:
            return
        for el in node.slice:
            if isinstance(el.slice, cst.Slice):
                for bound in self._slice_bounds(el.slice):
                    got = self._sink_origin(bound)
                    if got is not None:
                        self._report_sink(bound, "slice", bound, got[0], got[1])
        if id(node) in self.stores:
            return  # `x[mask] = v` is an index_put: the shape is kept
        found = self._mask_element(node, callers=True)
        if found is not None:
            idx, v, conf = found
            if conf == "callers":
                fallback = None
                if self._masky(idx):  # if no caller/return shows a boolean tensor, the name still says mask
                    fallback = (idx, "MS202", "torch.Tensor.__getitem__[bool mask]",
                                f"`{_code(node, 50)}` keeps one row per True: `{_code(idx)}` is named like a "
                                "boolean mask", None, "medium" if recv is not None else "low")
                self.pending.append((v.bool_origin, ("MS202", idx, "torch.Tensor.__getitem__[bool mask]", node,
                                                     "high" if recv is not None else "medium"), fallback))
                return
            if v.boolean == "yes":
                origin = v.bool_origin
                where = "a comparison" if isinstance(origin, cst.Comparison) else "a boolean op"
                reason = f"`{_code(idx)}` is a boolean tensor (from {where} `{_code(origin, 40)}`)" \
                    if origin is not None and origin is not idx else f"`{_code(idx)}` is a boolean tensor"
            else:
                origin, reason = None, f"`{_code(idx)}` is named like a boolean mask"
            self.shape_found.append((idx, "MS202", "torch.Tensor.__getitem__[bool mask]",
                                     f"`{_code(node, 50)}` keeps one row per True: {reason}", origin, conf))

    def _branch(self, test: cst.BaseExpression, kind: str) -> None:
        v = self._ev(test)
        origin = v.taint if _real(v.taint) else v.size or v.taint
        if origin is None:
            return
        self.branched.add(id(test))
        if isinstance(origin, _Cond):
            self.pending.append((origin, ("MS204", test, kind, test, "high"), None))
            return
        if v.taint is None and v.size is not None:
            reason = f"`{_code(test)}` tests a data-dependent size (`{_code(v.size, 40)}`)"
        elif origin is test or isinstance(test, cst.Comparison) and origin is test:
            reason = f"`{_code(test)}` needs a tensor value"
        else:
            reason = f"`{_code(test)}` needs the tensor value `{_code(origin, 40)}`"
        self.shape_found.append((test, "MS204", kind, reason, origin, "high"))

    def visit_If(self, node: cst.If) -> None:
        super().visit_If(node)
        guard = all(_guard_stmt(s) for s in node.body.body) if isinstance(node.body, cst.IndentedBlock) \
            else all(_guard_small(s) for s in node.body.body)
        self._branch(node.test, "if:guard" if guard and node.orelse is None else "if")

    def visit_While(self, node: cst.While) -> None:
        super().visit_While(node)
        self._branch(node.test, "while")

    def leave_While(self, node: cst.While) -> None:
        """The test runs again after each pass: a name the body rebinds (`order = order[inds + 1]` after a
        nonzero) reaches it from the end of the body."""
        super().leave_While(node)
        if id(node.test) not in self.branched:
            self._branch(node.test, "while")

    def visit_IfExp(self, node: cst.IfExp) -> None:
        super().visit_IfExp(node)
        self._branch(node.test, "if-expression")

    def visit_CompIf(self, node: cst.CompIf) -> None:
        super().visit_CompIf(node)
        self._branch(node.test, "comprehension-if")

    # ------------------------------------------------------------------ output
    def _resolve_pending(self) -> None:
        """Turns the findings that wait on callers (_Cond) into facts, once the whole file is walked."""
        if self._resolved:
            return
        self._resolved = True
        if not self.pending:
            return
        param_src: dict[int, list] = {}  # id(parameter _Cond) -> what the callers pass
        site_args: dict[tuple, tuple] = {}  # (key, call site, parameter) -> (_V, argument)
        for key, slot, v, arg, site in self._forwarded_callsites():
            for positional, names in self.sigs.get(key, ()):
                pname = self._param_for(key, positional, names, slot)
                if pname is None:
                    continue
                site_args[(key, site, pname)] = (v, arg)
                for kind in ("taint", "bool"):
                    c = self.conds.get((kind, key, pname, None))
                    if c is not None:
                        param_src.setdefault(id(c), []).append((v, arg, "a caller passes"))
        ret_src: dict[tuple, list] = {}
        for (key, slot), v, expr in self.returns:
            ret_src.setdefault((key, slot), []).append((v, expr, "it returns"))
        memo: dict[int, tuple] = {}

        def step(kind: str, v: _V, expr) -> tuple | None:
            """("real", origin) if v holds tensor data / is a boolean tensor, ("cond", _Cond) if its callers decide."""
            if kind == "taint":
                return ("real", v.taint) if _real(v.taint) else ("cond", v.taint) if v.taint is not None else None
            if v.boolean == "yes":
                return "real", v.bool_origin if _real(v.bool_origin) else expr
            return ("cond", v.bool_origin) if v.boolean == "?" and isinstance(v.bool_origin, _Cond) else None

        def follow(c: _Cond) -> list:
            """What each caller passes (each return gives) for c, in order: (step's answer, expr, how)."""
            out = []
            entries = param_src.get(id(c), ()) if c.site is None else ret_src.get((c.fn, c.param), ())
            for v, expr, how in entries:
                r = step(c.kind, v, expr)
                if r is not None and r[0] == "cond" and c.site is not None and r[1].fn == c.fn and \
                        r[1].site is None and r[1].param is not None and not r[1].param.startswith("#"):
                    # the function returns (something of) its own parameter: what *this* call passes decides
                    at = site_args.get((c.fn, c.site, r[1].param))
                    r = step(c.kind, *at) if at is not None else None
                if r is not None:
                    out.append((r, expr, how))
            return out

        # the conds that reach some real origin by some path (a reverse sweep over every cond the pending ones
        # lead to): resolve's depth-first search goes only through those, linear instead of exponential
        outs: dict[int, list] = {}
        todo = [cond for cond, _, _ in self.pending]
        while todo:
            c = todo.pop()
            if id(c) not in outs:
                outs[id(c)] = follow(c)
                todo.extend(r[1] for r, _, _ in outs[id(c)] if r[0] == "cond")
        users: dict[int, list] = {}
        live = {k for k, edges in outs.items() if any(r[0] == "real" for r, _, _ in edges)}
        for k, edges in outs.items():
            for r, _, _ in edges:
                if r[0] == "cond":
                    users.setdefault(id(r[1]), []).append(k)
        todo = list(live)
        while todo:
            for k in users.get(todo.pop(), ()):
                if k not in live:
                    live.add(k)
                    todo.append(k)

        def resolve(c: _Cond, seen: frozenset) -> tuple | None:
            if id(c) in memo:
                return memo[id(c)]
            if id(c) not in live:
                return None
            for r, expr, how in outs[id(c)]:
                if r[0] == "real":
                    memo[id(c)] = (r[1], expr, how)
                    return memo[id(c)]
                if id(r[1]) not in seen:
                    deeper = resolve(r[1], seen | {id(r[1])})
                    if deeper is not None:
                        memo[id(c)] = (deeper[0], expr, how)
                        return memo[id(c)]
            return None

        emitted: set[int] = set()
        for cond, (code, node, api, arg, conf), fallback in self.pending:
            got = resolve(cond, frozenset({id(cond)}))
            if got is None and fallback is not None and id(node) not in emitted:
                emitted.add(id(node))
                self.shape_found.append(fallback)
            if got is None or id(node) in emitted:
                continue
            emitted.add(id(node))
            origin, expr, how = got
            via = f"{cond.label}, and {how} `{_code(expr, 40)}`{_VIA}"
            self.via_nodes[id(node)] = expr
            if origin is not expr:
                via += f" (from `{_code(origin, 40)}`)"
            if code == "MS203":
                reason = f"`{_code(arg)}` is {via}"
            elif code == "MS204":
                reason = f"`{_code(arg)}` needs a tensor value: `{_code(arg, 30)}` depends on {via}"
            else:
                reason = f"`{_code(arg, 50)}` keeps one row per True: `{_code(node)}` is {via}"
            self.shape_found.append((node, code, api, reason, origin, conf))

    def _param_for(self, key: tuple, positional: list[str], names: list[str], slot: int | str) -> str | None:
        """The parameter an argument in `slot` lands in: a name, "*" (the *args tuple), "**k" (kwargs["k"])."""
        star, dstar = self.stars.get(key, (False, False))
        if isinstance(slot, int):
            return positional[slot] if slot < len(positional) else "*" if star else None
        return slot if slot in names else "**" + slot if dstar else None

    def _forwarded_callsites(self) -> list:
        """The call sites, plus the values a function passes on with `g(*args, **kwargs)`: an extra
        positional of a call to f at slot len(f's positional) + j reaches g at slot offset + j; a keyword that
        lands in f's **kwargs reaches g under the same name."""
        sites = list(self.callsites)
        if not self.forwards:
            return sites
        seen = {(key, slot, site) for key, slot, _, _, site in sites}
        for _ in range(4):  # wrappers of wrappers
            new = []
            for src, kind, dst, offset, _fsite in self.forwards:
                sig = next(iter(self.sigs.get(src, ())), None)
                if sig is None:
                    continue
                positional, names = sig
                for key, slot, v, arg, site in sites:
                    if key != src:
                        continue
                    if kind == "*" and isinstance(slot, int) and slot >= len(positional) and offset >= 0:
                        to = slot - len(positional) + offset
                    elif kind == "**" and isinstance(slot, str) and slot not in names:
                        to = slot
                    else:
                        continue
                    if (dst, to, site) not in seen:
                        seen.add((dst, to, site))
                        new.append((dst, to, v, arg, site))
            if not new:
                break
            sites += new
        return sites

    def shape_nodes(self) -> list[cst.CSTNode]:
        """Nodes whose positions shape_facts() needs (pass them to positions.locate)."""
        self._resolve_pending()
        out = list(self.via_nodes.values())
        for node, _, _, _, origin, _ in self.shape_found:
            out.append(node)
            if origin is not None:
                out.append(origin)
        return out

    def shape_facts(self, where: dict) -> list[ShapeFact]:
        self._resolve_pending()
        facts = []
        for node, code, api, reason, origin, conf in self.shape_found:
            pos = where.get(id(node))
            if pos is None:
                continue
            origin_line = where.get(id(origin), pos)[0] if origin is not None else pos[0]
            if _VIA in reason:
                via = where.get(id(self.via_nodes.get(id(node))))
                reason = reason.replace(_VIA, f" at line {via[0]}" if via is not None else "")
            facts.append(ShapeFact(code, *pos, api=api, reason=reason, origin_line=origin_line,
                                   confidence=conf))
        facts.sort(key=lambda f: (f.line, f.column, f.code))
        return facts


def _is_method_call(ex: Extractor, func: cst.BaseExpression) -> bool:
    """True if `func` is a method on a value (x.nonzero), not a torch chain (torch.nonzero)."""
    return isinstance(func, cst.Attribute) and ex.resolve_path(func) is None


def _guard_small(s: cst.BaseSmallStatement) -> bool:
    if isinstance(s, cst.Raise):
        return True
    if isinstance(s, cst.Expr) and isinstance(s.value, cst.Call):
        name = dotted_name(s.value.func) or ""
        return _GUARD_CALLS.match(name) is not None
    return isinstance(s, cst.Pass)


def _guard_stmt(s: cst.BaseStatement) -> bool:
    """A branch that only raises or logs: its outputs have the same shape either way."""
    return isinstance(s, cst.SimpleStatementLine) and all(_guard_small(x) for x in s.body)


def extract_shape_facts(source: bytes | str, path: str = "x.py", module: str = "",
                        is_package: bool = False) -> list[ShapeFact]:
    """Parse one file and run the single pass; dynamic-shape facts only (tests and tools)."""
    text = source.decode("utf-8") if isinstance(source, bytes) else source
    tree = cst.parse_module(text)
    visitor = ShapeExtractor(load_catalog(), module or path.removesuffix(".py").replace("/", "."),
                             is_package)
    tree.visit(visitor)
    return visitor.shape_facts(locate(tree, visitor.shape_nodes()))
