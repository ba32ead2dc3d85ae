"""The one libcst pass over a file: tracks imports and bindings, and records every torch API use.

It is the only code that walks CST nodes. It yields (node, ApiUse) pairs without positions;
`positions.py` fills those in afterwards, only for files that have uses.
"""
from __future__ import annotations

import libcst as cst

from ms_scan.discover import ModuleNames
from ms_scan.extract.anchors import AnchoredVisitor
from ms_scan.extract.catalog import TENSOR_DISPATCH_NAMES, TORCH_ROOTS, TorchCatalog
from ms_scan.extract.receivers import (
    BUILTIN_NON_TENSOR, DISTINCTIVE_MODULE_MEMBERS, MODULE_METHODS_RETURNING_MODULE,
    MODULES_RETURNING_TUPLE, NON_TENSOR_FUNCS, NON_TENSOR_NAMESPACES, NON_TORCH_MODULES,
    ARRAY_MODULES, MODULE_METHODS_RETURNING_TENSORS, NDARRAY, NUMPY_LIKE, PARAM_GROUP, PARAM_GROUPS,
    PARAMETER_CONTAINERS, SIZE, SIZE_ATTRIBUTES, STRING_ARG_METHODS, TENSOR_METHODS_NOT_TENSOR, TENSOR_METHODS_TUPLE,
    TENSOR_PROPERTIES_TENSOR, TO_NUMPY_METHODS, TORCH_FUNCS_TUPLE, annotation_binding, combine, is_array,
    reduction_is_tuple, tensorish,
    is_class_name, ARRAY_RESULT_METHODS, VALUE_BUILTINS, named_like_optimizer, named_like_shape,
)
from ms_scan.extract.scope import (
    EXTMOD, MAYBE_MODULE, MODULE, OPTIMIZER, OTHER, PROJECT, PROJMOD, SCHEDULER, SELF, TENSOR,
    TENSORS, TORCH, TORCHDICT, UNKNOWN, UNKNOWN_BINDING, USERCLASS, Binding, ClassInfo, Scopes,
)
from ms_scan.facts import ApiUse, ClassDecl, ProjectRef

_LITERALS = (
    cst.SimpleString, cst.ConcatenatedString, cst.FormattedString, cst.Integer, cst.Float,
    cst.Imaginary, cst.List, cst.Dict, cst.Set, cst.ListComp, cst.DictComp, cst.SetComp,
)


# confidence of a MAYBE_MODULE binding for an instance of an imported class: not a tensor, maybe a
# module, and its items/elements are unknown (it may be a container: `msg["value"]`)
INSTANCE = "low"


def literal_text(node: cst.BaseExpression, depth: int = 0) -> str:
    """Source text of a literal argument (numbers, strings, True/None, tuples of those), else `?`."""
    if isinstance(node, (cst.Integer, cst.Float, cst.SimpleString)):
        return node.value
    if isinstance(node, cst.Name) and node.value in ("True", "False", "None"):
        return node.value
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
        inner = literal_text(node.expression, depth + 1)
        return "?" if inner == "?" else f"-{inner}"
    if isinstance(node, (cst.Tuple, cst.List)) and depth < 2 and len(node.elements) <= 8:
        parts = [literal_text(el.value, depth + 1) for el in node.elements]
        if "?" in parts:
            return "?"
        if isinstance(node, cst.List):
            return "[" + ", ".join(parts) + "]"
        return "(" + ", ".join(parts) + ("," if len(parts) == 1 else "") + ")"
    return "?"


def dotted_name(node: cst.BaseExpression) -> str | None:
    """`a.b.c` for a pure Name/Attribute chain, else None."""
    parts = []
    while isinstance(node, cst.Attribute):
        parts.append(node.attr.value)
        node = node.value
    if not isinstance(node, cst.Name):
        return None
    parts.append(node.value)
    return ".".join(reversed(parts))


class Extractor(AnchoredVisitor):
    def __init__(self, catalog: TorchCatalog, module: str, is_package: bool,
                 project_modules: frozenset[str] = frozenset()) -> None:
        super().__init__()
        self.cat = catalog
        self.module = module
        self.is_package = is_package
        # one sorted set for every lookup (a scan passes one; a plain set, as tests give, is converted here)
        self.project_modules = project_modules if isinstance(project_modules, ModuleNames) else \
            ModuleNames(project_modules)
        self.project_tops = self.project_modules.tops
        self.scopes = Scopes()
        self.found: list[tuple[cst.CSTNode, ApiUse]] = []
        self.deferred: list[tuple[cst.CSTNode, ProjectRef]] = []
        self.classes: list[ClassInfo] = []
        self.methods: list[tuple[str | None, ClassInfo | None]] = []  # (self name, class)
        self.call_of: dict[int, cst.Call] = {}  # id(func expr) -> call
        self.decorators: set[int] = set()
        self.bases: set[int] = set()
        self.except_depth = 0
        self.keyword_nodes: list[tuple[int, cst.Name]] = []  # (index into found, keyword Name)
        self._attr_parent: dict[int, cst.Attribute] = {}  # id(attr Name) -> its Attribute
        self.imported: dict[str, str] = {}  # local name -> dotted path of every absolute import
        self.tensor_defs: set[int] = set()  # id() of the bindings of functions annotated `-> Tensor`
        self._annotated_defs: list = []  # those bindings themselves, kept alive while their id()s are used
        self.other_defs: dict[int, Binding] = {}  # id() of those annotated `-> np.ndarray` / `-> str`: result
        self.late_defs: dict[str, cst.FunctionDef] = {}  # annotated module-level defs, for calls above them
        self.called_refs: set[int] = set()  # id() of callables passed to map()/filter(), which call them
        self._narrowed: dict[int, tuple] = {}  # id(if body) -> (scope, name, binding before, narrowed binding)
        self.toplevel: dict[str, ClassInfo] = {}  # module-level classes of this file
        self.class_decls: dict[str, ClassDecl] = {}  # and what the cross-file class index needs of them

    # ------------------------------------------------------------------ resolution
    def resolve_path(self, node: cst.BaseExpression) -> str | None:
        """The torch path a pure chain refers to, through this file's bindings (None if not torch)."""
        dotted = dotted_name(node)
        if dotted is None:
            return None
        root, _, rest = dotted.partition(".")
        b = self.scopes.lookup(root)
        if b is None:
            for prefix in self.scopes.module.star_torch:
                cand = f"{prefix}.{root}"
                if self.cat.canonical_name(cand) in self.cat.api:
                    return f"{cand}.{rest}" if rest else cand
            return dotted if root in ("int", "float", "str", "bool", "list", "dict", "tuple",
                                      "set", "bytes", "Optional") else None
        if b.kind == TORCH:
            return f"{b.value}.{rest}" if rest else b.value
        return None

    def import_path(self, node: cst.BaseExpression) -> str | None:
        """`np.random.seed` -> `numpy.random.seed` through this file's absolute imports."""
        dotted = dotted_name(node)
        if dotted is None:
            return None
        root, _, rest = dotted.partition(".")
        base = self.imported.get(root)
        if base is None:
            return None
        return f"{base}.{rest}" if rest else base

    def canonical(self, path: str) -> str:
        return self.cat.canonical_name(path)

    def api_of(self, node: cst.BaseExpression) -> str | None:
        """The canonical torch API a pure chain names (resolve_path, then canonical); None if it names none."""
        path = self.resolve_path(node)
        return self.canonical(path) if path is not None else None

    def bind(self, name: str, binding: Binding) -> None:
        if self.scopes.current.kind == "class" and self.classes:
            self.classes[-1].attrs[name] = binding  # class attributes are visible as self.<name>
        if self.except_depth:
            old = self.scopes.current.names.get(name)
            if old is not None and old.kind in (TORCH, PROJECT, PROJMOD) and binding.kind not in (
                    TORCH, PROJECT, PROJMOD):
                return  # `except ImportError: F = None` must not hide the torch import
        self.scopes.bind(name, binding)

    # ------------------------------------------------------------------ inference
    def infer(self, e: cst.BaseExpression) -> Binding | None:
        t = type(e)
        if t is cst.Name:
            b = self.scopes.lookup(e.value)
            if b is None or b.kind == UNKNOWN:
                return Binding(OTHER, SIZE) if named_like_shape(e.value) else None
            return b
        if t is cst.Attribute:
            return self._infer_attribute(e)
        if t is cst.Call:
            return self._infer_call(e)
        if t is cst.Subscript:
            base = self.infer(e.value)
            if base is None:
                return None
            if is_array(base):
                return base
            if base.kind in (TENSOR, TENSORS):
                return Binding(TENSOR, "indexing a tensor", base.confidence)
            if base.kind == OTHER and base.value == SIZE:
                return base  # `x.shape[-2:]` is a shape too, `x.shape[0]` an int
            if base.kind == MODULE and base.value in PARAMETER_CONTAINERS:
                return Binding(TENSOR, f"item of a {base.value}")  # `self.means[key]`
            if base.kind == OTHER and base.value == PARAM_GROUP:
                key = e.slice[0].slice if len(e.slice) == 1 else None
                if isinstance(key, cst.Index) and isinstance(key.value, cst.SimpleString) and \
                        key.value.evaluated_value == "params":
                    return Binding(TENSORS, "parameters of an optimizer param group")
                return None
            if base.kind in (MODULE, MAYBE_MODULE) and base.confidence != INSTANCE:
                return base  # `self.layers[i]`; `msg["value"]` of a project object is unknown
            return None
        if t is cst.BinaryOperation:
            return combine(self.infer(e.left), self.infer(e.right))
        if t is cst.UnaryOperation:
            inner = self.infer(e.expression)
            return inner if inner is not None and inner.kind in (TENSOR, OTHER) else None
        if t is cst.Comparison:
            left = self.infer(e.left)
            if left is not None and left.kind == TENSOR:
                return Binding(TENSOR, "comparison of tensors")
            return left if left is not None and left.value in (NUMPY_LIKE, NDARRAY) else None
        if t is cst.Tuple:
            elems = [self.infer(el.value) for el in e.elements]
            if elems and all(b is not None and b.kind == TENSOR for b in elems):
                return Binding(TENSORS, "tuple of tensors")
            return Binding(OTHER, "tuple")
        if t is cst.IfExp:
            a, b = self.infer(e.body), self.infer(e.orelse)
            return a if a is not None and b is not None and a.kind == b.kind else None
        if isinstance(e, _LITERALS):
            return Binding(OTHER, "literal")
        return None

    def _infer_attribute(self, e: cst.Attribute) -> Binding | None:
        path = self.resolve_path(e)
        if path is not None:
            return Binding(TORCH, path)
        attr = e.attr.value
        if attr in SIZE_ATTRIBUTES or named_like_shape(attr):
            return Binding(OTHER, SIZE)
        if isinstance(e.value, cst.Name):
            owner = self.scopes.lookup(e.value.value)
            if owner is not None and owner.kind == SELF:
                found = owner.value.attrs.get(attr)
                if found is None and attr == "param_groups" and owner.value.optimizer:
                    return Binding(OTHER, PARAM_GROUPS)
                if found is None or found.value == "def":
                    if owner.value.tensor_member(attr) == "property":
                        return Binding(TENSOR, f"property {attr} annotated Tensor")
                    other = owner.value.tensor_member(attr, 0, "other_members")
                    if other is not None and other[0] == "property":
                        return Binding(OTHER, other[1])  # `@property def names(self) -> list[str]`
                return found
        base = self.infer(e.value)
        if base is None:
            return None
        if base.kind == OPTIMIZER and attr == "param_groups":
            return Binding(OTHER, PARAM_GROUPS)
        if base.kind == TENSOR:
            if attr in TENSOR_PROPERTIES_TENSOR:
                return Binding(TENSOR, f".{attr} of a tensor", base.confidence)
            member = self.cat.tensor_members.get(attr)
            if member == "method":
                return None  # `dist.mean` read, not called: the "tensor" was another object (a distribution)
            if member is not None:
                return Binding(OTHER, f"Tensor.{attr}")
            return None  # `outputs.last_hidden_state`: the "tensor" was a model-output object
        if base.kind in (MODULE, MAYBE_MODULE) and attr in ("weight", "bias"):
            return Binding(TENSOR, f"module .{attr}", "high" if base.kind == MODULE else "medium")
        if base.kind == OTHER:
            if isinstance(base.value, str) and base.value.startswith(("module ", "from ")) or \
                    base.value == NDARRAY:
                return base  # `np.random` is still numpy: `np.random.rand(1).item()` is not torch
            return Binding(OTHER, "attribute of a non-torch value")
        return None

    def _infer_call(self, e: cst.Call) -> Binding | None:
        func = e.func
        path = self.resolve_path(func)
        if path is not None:
            api = self.canonical(path)
            if api in ("torch.where", "torch.Tensor.where") and len(e.args) >= 2:
                return Binding(TENSOR, "result of torch.where(cond, a, b)")
            if api in TORCH_FUNCS_TUPLE and reduction_is_tuple(api[6:], e, 1, self.infer) is False:
                return Binding(TENSOR, f"result of {api}")
            return self._call_result(api)
        if isinstance(func, cst.Name):
            b = self.scopes.lookup(func.value)
            if b is None:
                if func.value == "super":
                    cls = self.methods[-1][1] if self.methods else None
                    if cls is not None and cls.tensor_base:
                        return Binding(TENSOR, "super() of a Tensor subclass")
                    if cls is not None and cls.torch_module == "no":
                        return Binding(OTHER, "super() of a class with known bases, none a tensor or module")
                    return Binding(MAYBE_MODULE, "super()") if cls and cls.torch_module != "no" else None
                late = self.late_defs.get(func.value) if len(self.scopes.stack) > 1 else None
                if late is not None:  # a function body calling a def further down the module
                    return self._late_result(late)
                if func.value in VALUE_BUILTINS and self._fed_tensors(e):
                    return Binding(TENSOR, f"{func.value}() of tensors", "medium")  # `0.5 * sum(losses)`
                return Binding(OTHER, f"{func.value}()") if func.value in BUILTIN_NON_TENSOR else None
            if b.kind in (PROJECT, UNKNOWN) and (b.kind == PROJECT or b.imported) and \
                    is_class_name(func.value):
                return Binding(MAYBE_MODULE, func.value, INSTANCE)  # `Irreps(...)`: imported class
            if id(b) in self.tensor_defs:
                return Binding(TENSOR, f"{func.value}() annotated -> Tensor")
            if self.other_defs and id(b) in self.other_defs:
                return self.other_defs[id(b)]  # `def _arrayify(X) -> npt.NDArray`
            return self._callee_result(b)
        if isinstance(func, cst.Attribute):
            callee = self._infer_attribute(func)  # self.conv(x), model.encoder(x)
            if callee is not None and callee.kind in (MODULE, MAYBE_MODULE, USERCLASS, TORCH):
                return self._callee_result(callee)
            recv = self.infer(func.value)
            meth = func.attr.value
            if meth in TO_NUMPY_METHODS and (recv is None or recv.kind == TENSOR):
                return Binding(OTHER, NDARRAY)  # `y0.detach().cpu().numpy()`, whatever y0 was
            if meth in ARRAY_RESULT_METHODS and (recv is None or recv.kind == OTHER):
                return Binding(OTHER, NDARRAY)  # `rewards[0].astype(np.float32)`: Tensor has no astype
            if recv is None:
                return self._tensor_only_result(e, func)
            k = recv.kind
            if k in (PROJMOD, EXTMOD) and is_class_name(meth):
                return Binding(MAYBE_MODULE, meth, INSTANCE)  # `o3.Irreps(...)`: a project class
            if k == TENSOR:
                if meth in TENSOR_METHODS_NOT_TENSOR:
                    return Binding(OTHER, f"Tensor.{meth}()")
                if meth in TENSOR_METHODS_TUPLE and reduction_is_tuple(meth, e, 0, self.infer) is not False:
                    return Binding(TENSORS, f"Tensor.{meth}()", recv.confidence)
                if meth in self.cat.tensor_members:
                    return Binding(TENSOR, f"result of Tensor.{meth}()", recv.confidence)
                return None
            if k in (MODULE, MAYBE_MODULE, SELF):
                if k == SELF and recv.value.tensor_member(meth) == "method":
                    return Binding(TENSOR, f"{meth}() annotated -> Tensor")
                if k == SELF:
                    other = recv.value.tensor_member(meth, 0, "other_members")
                    if other is not None and other[0] == "method":
                        return Binding(OTHER, other[1])  # `def compute_reward(...) -> np.float32`
                if meth in MODULE_METHODS_RETURNING_MODULE:
                    return recv if k != SELF else Binding(MAYBE_MODULE, "self")
                if meth in MODULE_METHODS_RETURNING_TENSORS and not e.args and (
                        k == MODULE or k == SELF and recv.value.torch_module == "yes"):
                    return Binding(TENSORS, f"{meth}() of a module")
                if meth == "forward":
                    return Binding(TENSOR, "forward() result", "medium")
                return None
            if k == OTHER:
                if is_array(recv):
                    return recv  # `arr.reshape(-1)`, `arr.max()`: numpy methods stay numpy
                if isinstance(recv.value, str) and recv.value.startswith(("module ", "from ")):
                    if recv.value.split(" ", 1)[1].split(".")[0] in ARRAY_MODULES:
                        return Binding(OTHER, NDARRAY)
                    return Binding(OTHER, NUMPY_LIKE)
                return None  # `kwargs.get("mask")`, `cache.pop(k)`: containers may hold tensors
            if k == TORCH:  # method on a torch object reached through a binding
                return None
        return None

    def visit_Module(self, node: cst.Module) -> None:
        self.late_defs = {s.name.value: s for s in node.body
                          if isinstance(s, cst.FunctionDef) and s.returns is not None}

    def _late_result(self, node: cst.FunctionDef) -> Binding | None:
        """What a call of a module-level def not bound yet returns, by its return annotation (function
        bodies run after the whole module did: `_arrayify(x)` used above `def _arrayify(X) -> npt.NDArray`)."""
        ann = node.returns.annotation
        if tensorish(annotation_binding(ann, self._resolve_any)):
            return Binding(TENSOR, f"{node.name.value}() annotated -> Tensor")
        return self._nontensor_return(ann)

    def _fed_tensors(self, call: cst.Call) -> bool:
        """`sum(F.mse_loss(q, t) for q in qs)`, `sum(losses)`, `abs(x)`: an argument (or the element of a
        comprehension argument) is a tensor or a sequence of them."""
        for a in call.args:
            v = a.value
            if isinstance(v, (cst.GeneratorExp, cst.ListComp)):
                comp = v.for_in
                if isinstance(v.elt, cst.Name) and isinstance(comp.target, cst.Name) and \
                        comp.target.value == v.elt.value:
                    b = self._element_of(self.infer(comp.iter))  # `sum(x for x in xs)`: what xs holds
                    if b is not None and b.kind in (TENSOR, TENSORS):
                        return True
                    continue
                v = v.elt  # its loop names are out of scope here: calls of torch functions decide
            b = self.infer(v)
            if b is not None and b.kind in (TENSOR, TENSORS):
                return True
        return False

    def _tensor_only_result(self, call: cst.Call, func: cst.Attribute) -> Binding | None:
        """`d_p.norm(p=4)`, `v.sqrt()` on an unknown receiver: the call is reported as a Tensor method by its
        name alone, and so is what it returns (`.add(eps)` next is Tensor.add, not set.add). Names other
        types share (numpy, builtins, nn.Module's `.to()`/`.float()`) and non-tensor results stay unknown."""
        meth = func.attr.value
        cat = self.cat
        if cat.tensor_members.get(meth) != "method" or meth in cat.builtin_overlap or \
                meth in cat.numpy_overlap or meth in MODULE_METHODS_RETURNING_MODULE or \
                meth in TENSOR_METHODS_NOT_TENSOR or meth in TENSOR_METHODS_TUPLE:
            return None
        if call.args and call.args[0].keyword is None and isinstance(
                call.args[0].value, (cst.SimpleString, cst.ConcatenatedString, cst.FormattedString)):
            return None
        return Binding(TENSOR, f"result of .{meth}(), a Tensor-only method", "medium")

    def _callee_result(self, b: Binding) -> Binding | None:
        k = b.kind
        if k == TORCH:
            return self._call_result(self.canonical(b.value))
        if k == MODULE:
            if b.value in MODULES_RETURNING_TUPLE:
                return Binding(TENSORS, f"{b.value} output")
            return Binding(TENSOR, f"output of {b.value}")
        if k == MAYBE_MODULE:
            if b.confidence == INSTANCE:
                return None  # a kernel, likelihood or distribution object may return anything
            return Binding(TENSOR, "output of a module", "medium")
        if k == USERCLASS:
            info = b.value
            if info.torch_module == "yes":
                return Binding(MODULE, info.name)
            if info.torch_module == "maybe":
                return Binding(MAYBE_MODULE, info.name)
            return Binding(OTHER, f"instance of {info.name}")
        if k == OTHER:
            return Binding(OTHER, "call of a non-torch callable")
        return None

    def _call_result(self, api: str) -> Binding | None:
        kind = self.cat.kind(api)
        if kind == "nn_module":
            return Binding(MODULE, api)
        if kind == "optimizer":
            return Binding(OPTIMIZER, api)
        if api.startswith("torch.optim.lr_scheduler.") and kind == "class":
            return Binding(SCHEDULER, api)
        if api in ("torch.nn.Parameter", "torch.Tensor") or (kind == "class" and api.endswith("Tensor")):
            return Binding(TENSOR, f"{api}(...)")
        if api in TORCH_FUNCS_TUPLE:
            return Binding(TENSORS, f"{api}(...)")
        if api in NON_TENSOR_FUNCS or api.startswith(NON_TENSOR_NAMESPACES):
            return Binding(OTHER, f"{api}(...)")
        if kind == "function" or (kind is None and api.startswith("torch.")):
            root = api.split(".")[0]
            if root == "torch":
                return Binding(TENSOR, f"result of {api}")
        return None

    # ------------------------------------------------------------------ recording
    def _record(self, node: cst.CSTNode, api: str, kind: str, confidence: str = "high",
                call: cst.Call | None = None, via: str = "") -> None:
        if api.startswith("torch.Tensor.") and api[13:] in TENSOR_DISPATCH_NAMES:
            api = "torch.Tensor." + TENSOR_DISPATCH_NAMES[api[13:]]  # `x.ndimension()` runs as Tensor.dim
        keywords: tuple[str, ...] = ()
        n_args = 0
        args: tuple[str, ...] = ()
        if call is not None:
            keywords = tuple(a.keyword.value for a in call.args if a.keyword is not None)
            n_args = sum(1 for a in call.args if a.keyword is None and not a.star)
            args = tuple((f"{a.keyword.value}=" if a.keyword is not None else "") +
                         ("?" if a.star else literal_text(a.value)) for a in call.args[:8])
            for a in call.args:
                if a.keyword is not None:
                    self.keyword_nodes.append((len(self.found), a.keyword))
        self._anchor_for(node)
        self.found.append((node, ApiUse(api=api, kind=kind, line=0, column=0, end_line=0,
                                        end_column=0, confidence=confidence, keywords=keywords,
                                        n_args=n_args, via=via, args=args)))

    def _anchor_for(self, node: cst.CSTNode) -> None:
        """Ask for the anchor of a node being recorded (its Attribute is counted on leave)."""
        if isinstance(node, cst.Attribute):
            self.want_chain(node)
        elif isinstance(node, cst.Name):
            parent = self._attr_parent.get(id(node))
            if parent is not None:
                self.want_attr_name(parent)

    def _use_kind(self, node: cst.BaseExpression, api: str) -> tuple[str, cst.Call | None]:
        call = self.call_of.get(id(node))
        if id(node) in self.bases:
            return "subclass", None
        if call is not None:
            return ("decorator" if id(call) in self.decorators else "call"), call
        if id(node) in self.decorators:
            return "decorator", None
        if self.called_refs and id(node) in self.called_refs:
            return "call", None
        kind = self.cat.kind(api)
        constant = kind in ("dtype", "constant") or api.endswith(".__version__")
        return ("attribute" if constant else "reference"), None

    def _chain_use(self, node: cst.BaseExpression) -> bool:
        """Record a pure chain rooted in torch or a project import. True if handled."""
        dotted = dotted_name(node)
        if dotted is None:
            return False
        root, _, rest = dotted.partition(".")
        b = self.scopes.lookup(root)
        if b is not None and b.kind in (PROJECT, PROJMOD):
            if b.kind == PROJECT:
                module, name = b.value
                ref_rest = rest
            else:
                first, _, after = rest.partition(".")
                if not first:
                    return True
                module, name, ref_rest = b.value, first, after
            kind, call = self._use_kind(node, dotted)
            self._record(node, dotted, kind, "high", call)
            _, use = self.found.pop()
            self.deferred.append((node, ProjectRef(module=module, name=name, rest=ref_rest, use=use)))
            return True
        path = self.resolve_path(node)
        if path is None:
            return False
        if ".__version__." in path and isinstance(node, cst.Attribute):
            while isinstance(node, cst.Attribute) and node.attr.value != "__version__":
                node = node.value  # `torch.__version__.split("+")`: a read of the version string
            return self._chain_use(node)
        if path.split(".")[0] not in TORCH_ROOTS:
            return True  # builtin names like `int` resolved for annotations only
        api = self.canonical(path)
        if api.count(".") == 0 or self.cat.kind(api) == "module":
            return True  # `torch` or `torch.nn` on their own are not API uses
        if any(p.startswith("__") and p.endswith("__") and p != "__version__" for p in api.split(".")):
            return True  # `torch.meshgrid.__kwdefaults__`, `torch.optim.__dict__.items()`: introspection
        kind, call = self._use_kind(node, api)
        known = self.cat.kind(api) is not None or not api.startswith("torch.")
        conf = "high" if known and (b is None or b.confidence == "high") else "medium"
        self._record(node, api, kind, conf, call)
        return True

    # ------------------------------------------------------------------ imports
    def _project_module(self, dotted: str) -> bool:
        return dotted in self.project_modules or dotted.split(".")[0] in self.project_tops and \
            self.project_modules.below(dotted)

    def _absolute(self, node: cst.ImportFrom) -> str | None:
        level = len(node.relative)
        mod = dotted_name(node.module) if node.module is not None else ""
        if level == 0:
            return mod
        parts = self.module.split(".") if self.module else []
        if not self.is_package:
            parts = parts[:-1]
        if level - 1 > len(parts):
            return None
        base = parts[: len(parts) - (level - 1)]
        return ".".join([*base, mod] if mod else base)

    def visit_Import(self, node: cst.Import) -> bool:
        for alias in node.names:
            full = dotted_name(alias.name)
            if full is None:
                continue
            top = full.split(".")[0]
            if alias.asname is not None and isinstance(alias.asname.name, cst.Name):
                local, target = alias.asname.name.value, full
            else:
                local, target = top, top
            self.imported[local] = target
            if top in TORCH_ROOTS:
                self.bind(local, Binding(TORCH, target, imported=True))
            elif self._project_module(target):
                self.bind(local, Binding(PROJMOD, target))
            elif top in NON_TORCH_MODULES:
                self.bind(local, Binding(OTHER, f"module {target}"))
            else:
                self.bind(local, Binding(EXTMOD, target))
        return False

    def visit_ImportFrom(self, node: cst.ImportFrom) -> bool:
        source = self._absolute(node)
        if source is None:
            return False
        top = source.split(".")[0]
        if isinstance(node.names, cst.ImportStar):
            if top in TORCH_ROOTS and len(self.scopes.stack) == 1:
                self.scopes.module.star_torch.append(source)
            return False
        is_torch = top in TORCH_ROOTS and not node.relative
        is_project = not is_torch and (bool(node.relative) or self._project_module(source))
        for alias in node.names:
            name = alias.name.value if isinstance(alias.name, cst.Name) else dotted_name(alias.name)
            local = alias.asname.name.value if alias.asname is not None else name
            if not node.relative:
                self.imported[local] = f"{source}.{name}"
            if is_torch:
                self.bind(local, Binding(TORCH, f"{source}.{name}", imported=True))
            elif is_project:
                sub = f"{source}.{name}" if source else name
                if sub in self.project_modules:
                    self.bind(local, Binding(PROJMOD, sub))
                else:
                    self.bind(local, Binding(PROJECT, (source, name)))
            elif top in NON_TORCH_MODULES:
                self.bind(local, Binding(OTHER, f"from {source}"))
            else:  # third-party: unknown, but remembered as imported (its CapWords names are classes)
                self.bind(local, Binding(UNKNOWN, f"from {source}", imported=True))
        return False

    # ------------------------------------------------------------------ scopes
    def visit_ClassDef(self, node: cst.ClassDef) -> None:
        verdict = "no"
        torch_base = ""
        optimizer = tensor_base = False
        in_file: list[ClassInfo] = []
        refs: list[tuple[str, str]] = []  # bases the project may define, for the cross-file class index
        for arg in node.bases:
            self.bases.add(id(arg.value))
            path = self.resolve_path(arg.value)
            if path is None:
                ref = self._project_ref(arg.value)
                if ref is not None:
                    refs.append(ref)
            if path is not None:
                base_kind = self.cat.kind(self.canonical(path))
                if base_kind == "nn_module":
                    verdict = "yes"
                    torch_base = torch_base or self.canonical(path)
                elif base_kind == "optimizer":
                    optimizer = True
                elif self.canonical(path) in ("torch.Tensor", "torch.nn.Parameter"):
                    tensor_base = True
                continue
            b = self.infer(arg.value)
            if b is not None and b.kind == USERCLASS:
                in_file.append(b.value)
                optimizer = optimizer or b.value.optimizer
                tensor_base = tensor_base or b.value.tensor_base
                if b.value.torch_module == "yes":
                    verdict = "yes"
                elif b.value.torch_module == "maybe" and verdict == "no":
                    verdict = "maybe"
            elif b is None or b.kind in (PROJECT, PROJMOD, UNKNOWN):
                if verdict == "no":
                    verdict = "maybe"
        info = ClassInfo(node.name.value, verdict, torch_base, bases=in_file, optimizer=optimizer,
                         tensor_base=tensor_base)
        if isinstance(node.body, cst.IndentedBlock):  # its defs (and those annotated `-> Tensor`), in any order
            for stmt in node.body.body:
                if not isinstance(stmt, cst.FunctionDef):
                    continue
                info.methods.add(stmt.name.value)
                if stmt.returns is None:
                    continue
                other = None
                if not tensorish(annotation_binding(stmt.returns.annotation, self._resolve_any)):
                    other = self._nontensor_return(stmt.returns.annotation)
                    if other is None:
                        continue
                decos = [dotted_name(d.decorator) or "" for d in stmt.decorators]
                if any(d.endswith((".setter", ".deleter")) for d in decos):
                    continue
                prop = any(d.rpartition(".")[2] in ("property", "cached_property") for d in decos)
                if other is None:
                    info.tensor_members[stmt.name.value] = "property" if prop else "method"
                else:
                    info.other_members[stmt.name.value] = ("property" if prop else "method", other.value)
        if len(self.scopes.stack) == 1:
            self.toplevel[node.name.value] = info
            self.class_decls[node.name.value] = ClassDecl(tuple(refs), tuple(sorted(info.methods)))
        self.bind(node.name.value, Binding(USERCLASS, info))
        self.classes.append(info)
        self.scopes.push("class")

    def _project_ref(self, node: cst.BaseExpression) -> tuple[str, str] | None:
        """(module, name) of a class this file names: its own, or one imported from the project."""
        dotted = dotted_name(node)
        return None if dotted is None else self._project_class(dotted)

    def _project_class(self, dotted: str) -> tuple[str, str] | None:
        root, _, rest = dotted.partition(".")
        b = self.scopes.lookup(root)
        if b is None:
            return None
        if b.kind == USERCLASS and not rest and self.toplevel.get(root) is b.value:
            return (self.module, root)
        if b.kind == PROJECT and not rest:
            return tuple(b.value)
        if b.kind == PROJMOD and rest:
            module, _, name = f"{b.value}.{rest}".rpartition(".")
            return (module, name)
        return None

    def _owner(self, info: ClassInfo, how: str) -> tuple[str, ...]:
        """The `owner` of a module-member use on `self`/`super()` of a class of this file."""
        return (self.module, info.name, how) if self.toplevel.get(info.name) is info else ()

    def leave_ClassDef(self, node: cst.ClassDef) -> None:
        self.scopes.pop()
        self.classes.pop()

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        for dec in node.decorators:
            self.decorators.add(id(dec.decorator))
        in_class = bool(self.classes) and self.scopes.current.kind == "class"
        # a local def shadows imports of the same name, but what it returns is unknown (may be a tensor)
        defined = Binding(UNKNOWN, "def")
        if node.returns is not None and not in_class:
            # tensor_defs / other_defs hold id()s: the binding must live as long as they do, or a later
            # binding at the same address (this def's scope popped, the binding freed) would take its place
            self._annotated_defs.append(defined)
            if tensorish(annotation_binding(node.returns.annotation, self._resolve_any)):
                self.tensor_defs.add(id(defined))  # `def f(...) -> Tensor`: its calls return tensors
            else:
                other = self._nontensor_return(node.returns.annotation)
                if other is not None:
                    self.other_defs[id(defined)] = other
        self.bind(node.name.value, defined)
        cls = self.classes[-1] if in_class else None
        self.scopes.push("function")
        params = [*node.params.posonly_params, *node.params.params]
        is_static = any(dotted_name(d.decorator) == "staticmethod" for d in node.decorators)
        self_name = None
        if cls is not None and params and not is_static:
            self_name = params[0].name.value
            is_classmethod = any(dotted_name(d.decorator) == "classmethod" for d in node.decorators)
            self.bind(self_name, Binding(USERCLASS, cls) if is_classmethod else Binding(SELF, cls))
            params = params[1:]
        forward_like = cls is not None and cls.torch_module != "no" and node.name.value == "forward"
        all_params = [*params, *node.params.kwonly_params]
        for p in all_params:
            b = None
            if p.annotation is not None:
                b = self._annotation(p.annotation.annotation)
            if b is None and forward_like and p.default is None:
                b = Binding(TENSOR, "forward() argument", "medium")
            self.bind(p.name.value, b or UNKNOWN_BINDING)
        for star in (node.params.star_arg, node.params.star_kwarg):
            if isinstance(star, cst.Param):
                self.bind(star.name.value, Binding(OTHER, "*args"))
        self.methods.append((self_name, cls))

    def _annotation(self, ann: cst.BaseExpression) -> Binding | None:
        """What a parameter annotation says: Tensor, or an instance of a class that is not one."""
        b = annotation_binding(ann, self._resolve_any)
        return b if b is not None else self._class_annotation(ann)

    def _class_annotation(self, ann: cst.BaseExpression) -> Binding | None:
        """`p: LinearOperator`, `d: Distribution`, `a: np.ndarray`, `s: torch.Size`, `m: MyModel`:
        an annotated class that is not a tensor (Optional[X] and `X | None` too)."""
        if isinstance(ann, cst.BinaryOperation) and isinstance(ann.operator, cst.BitOr):
            if isinstance(ann.right, cst.Name) and ann.right.value == "None":
                return self._class_annotation(ann.left)
            if isinstance(ann.left, cst.Name) and ann.left.value == "None":
                return self._class_annotation(ann.right)
            return None
        if isinstance(ann, cst.Subscript):
            base = self._resolve_any(ann.value)
            if base and base.split(".")[-1] == "Optional" and len(ann.slice) == 1 and \
                    isinstance(ann.slice[0].slice, cst.Index):
                return self._class_annotation(ann.slice[0].slice.value)
            return None
        if isinstance(ann, cst.SimpleString):
            try:
                ann = cst.parse_expression(ann.evaluated_value)
            except Exception:  # noqa: BLE001 - a string annotation that is not an expression
                return None
            if isinstance(ann, cst.SimpleString):
                return None
            return self._class_annotation(ann)
        dotted = dotted_name(ann)
        if dotted is None:
            return None
        last = dotted.rpartition(".")[2]
        path = self.resolve_path(ann)
        if path is not None:
            api = self.canonical(path)
            if "Tensor" in api or "Parameter" in api:
                return None
            kind = self.cat.kind(api)
            if kind == "nn_module":
                return Binding(MODULE, api)
            if kind == "optimizer":
                return Binding(OPTIMIZER, api)
            if kind == "class" and api.startswith("torch."):
                return Binding(OTHER, f"annotated {api}")  # torch.Size, torch.device, Distribution
            return None
        imported = self.import_path(ann)
        if imported is not None and imported.split(".")[0] in ARRAY_MODULES:
            return Binding(OTHER, NDARRAY) if last in ("ndarray", "NDArray") or is_class_name(last) \
                else None
        b = self.scopes.lookup(dotted.partition(".")[0])
        if b is None:
            return None
        if b.kind == USERCLASS and "." not in dotted and is_class_name(last):
            info = b.value
            if info.torch_module == "yes":
                return Binding(MODULE, info.name)
            return Binding(MAYBE_MODULE if info.torch_module == "maybe" else OTHER, info.name)
        if (b.kind in (PROJECT, PROJMOD, EXTMOD) or b.kind == UNKNOWN and b.imported) and \
                is_class_name(last):
            return Binding(MAYBE_MODULE, last, INSTANCE)  # an imported class: maybe a module
        return None

    def _nontensor_return(self, ann: cst.BaseExpression) -> Binding | None:
        """A return annotation that is not a tensor: numpy (`np.ndarray`, `npt.NDArray[np.float64]`,
        `np.float32`) or str/bool/list/dict/tuple/set/bytes; `X | None` when X is one. int and float are
        not believed (0-d tensors are passed for them)."""
        if isinstance(ann, cst.BinaryOperation) and isinstance(ann.operator, cst.BitOr):
            sides = [s for s in (ann.left, ann.right) if not (isinstance(s, cst.Name) and s.value == "None")]
            found = [self._nontensor_return(s) for s in sides]
            return found[0] if found and all(f is not None for f in found) else None
        if isinstance(ann, cst.Subscript):
            ann = ann.value
        imported = self.import_path(ann)
        if imported is not None and imported.split(".")[0] == "numpy":
            return Binding(OTHER, NDARRAY)
        b = annotation_binding(ann, self._resolve_any)
        return b if b is not None and b.kind == OTHER else None

    def _resolve_any(self, node: cst.BaseExpression) -> str | None:
        path = self.resolve_path(node)
        if path is not None:
            return self.canonical(path)
        return dotted_name(node)

    def leave_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.scopes.pop()
        self.methods.pop()

    def visit_Lambda(self, node: cst.Lambda) -> None:
        self.scopes.push("lambda")
        for p in [*node.params.posonly_params, *node.params.params, *node.params.kwonly_params]:
            self.bind(p.name.value, UNKNOWN_BINDING)

    def leave_Lambda(self, node: cst.Lambda) -> None:
        self.scopes.pop()

    def _enter_comprehension(self, node) -> None:
        self.scopes.push("comprehension")
        comp = node.for_in
        while comp is not None:
            self._bind_iteration(comp.target, comp.iter)
            comp = comp.inner_for_in

    def _leave_comprehension(self, node) -> None:
        self.scopes.pop()

    visit_ListComp = visit_SetComp = visit_GeneratorExp = visit_DictComp = _enter_comprehension
    leave_ListComp = leave_SetComp = leave_GeneratorExp = leave_DictComp = _leave_comprehension

    def visit_Annotation(self, node: cst.Annotation) -> bool:
        self.count_hidden(node.annotation)
        return False  # type hints are not API uses (params are typed in visit_FunctionDef)

    def visit_ExceptHandler(self, node: cst.ExceptHandler) -> None:
        self.except_depth += 1
        if node.name is not None and isinstance(node.name.name, cst.Name):
            self.scopes.bind(node.name.name.value, Binding(OTHER, "exception"))

    def leave_ExceptHandler(self, node: cst.ExceptHandler) -> None:
        self.except_depth -= 1

    # ------------------------------------------------------------------ bindings
    def _element_of(self, it: Binding | None) -> Binding | None:
        if it is None:
            return None
        if it.kind in (TENSOR, TENSORS):
            return Binding(TENSOR, "element of a tensor sequence", it.confidence)
        if it.kind == OTHER and it.value == PARAM_GROUPS:
            return Binding(OTHER, PARAM_GROUP)
        if it.kind in (MODULE, MAYBE_MODULE) and it.confidence != INSTANCE:
            return Binding(MAYBE_MODULE, "element of a module container")
        return None

    def _bind_target(self, target: cst.BaseExpression, value: Binding | None) -> None:
        if isinstance(target, cst.Name):
            self.bind(target.value, value or UNKNOWN_BINDING)
        elif isinstance(target, (cst.Tuple, cst.List)):
            elem = value
            if value is not None and value.kind == TENSORS:
                elem = Binding(TENSOR, value.value, value.confidence)
            elif value is not None and value.kind == TENSOR:
                elem = Binding(TENSOR, f"unpacked {value.value}", value.confidence)
            else:
                elem = None
            for el in target.elements:
                self._bind_target(el.value, elem)
        elif isinstance(target, cst.StarredElement):
            self._bind_target(target.value, None)
        elif isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name):
            owner = self.scopes.lookup(target.value.value)
            if owner is not None and owner.kind == SELF and value is not None:
                owner.value.attrs[target.attr.value] = value

    def _assigned(self, targets, value_node: cst.BaseExpression | None) -> None:
        if value_node is None:
            return
        value = self._value_binding(value_node)
        for target in targets:
            if isinstance(target, (cst.Tuple, cst.List)) and isinstance(value_node, cst.Tuple) and \
                    len(target.elements) == len(value_node.elements):
                for t_el, v_el in zip(target.elements, value_node.elements):
                    self._bind_target(t_el.value, self._value_binding(v_el.value))
            else:
                self._bind_target(target, value)

    def _value_binding(self, node: cst.BaseExpression) -> Binding | None:
        if isinstance(node, cst.Call) and node.args and dotted_name(node.func) in (
                "partial", "functools.partial"):
            inner = self.resolve_path(node.args[0].value)  # `Linear = partial(nn.Linear, bias=False)`
            if inner is not None and inner.split(".")[0] in TORCH_ROOTS:
                return Binding(TORCH, inner)
            # `_clamp = partial(columnwise_clamp, ...)` calls what it wraps: a class of this file makes
            # instances, a known non-torch callable non-torch values, a function of unknown result
            # returns what that function returns (unknown, not "non-torch")
            wrapped = self.infer(node.args[0].value)
            return wrapped if wrapped is not None and wrapped.kind in (USERCLASS, OTHER) else None
        path = self.resolve_path(node)
        if path is not None and path.split(".")[0] in TORCH_ROOTS:
            return Binding(TORCH, path)
        if isinstance(node, cst.IfExp):
            # `Norm = ESM1bLayerNorm if esm1b else ESM1LayerNorm`: calls may reach the torch callable
            for arm in (node.body, node.orelse):
                path = self.resolve_path(arm)
                if path is not None and path.split(".")[0] in TORCH_ROOTS and \
                        self.cat.kind(self.canonical(path)) not in (None, "module", "dtype", "constant"):
                    return Binding(TORCH, path, "medium")  # the other arm may be what runs
        if isinstance(node, cst.Call) and isinstance(node.func, cst.Name) and node.func.value == "getattr" \
                and len(node.args) >= 2 and isinstance(node.args[1].value, cst.SimpleString) and \
                self.scopes.lookup("getattr") is None:
            base = self.resolve_path(node.args[0].value)  # `getattr(torch.compiler, "is_compiling", None)`
            name = node.args[1].value.evaluated_value
            if base is not None and base.split(".")[0] in TORCH_ROOTS and isinstance(name, str) and \
                    name.isidentifier():
                return Binding(TORCH, f"{base}.{name}")
        if isinstance(node, cst.BooleanOperation) and isinstance(node.operator, cst.Or):
            for arm in (node.left, node.right):  # `getattr(torch.compiler, ...) or getattr(torch._dynamo, ...)`
                found = self._value_binding(arm)
                if found is not None and found.kind == TORCH:
                    return found
        if isinstance(node, cst.Dict) and node.elements:
            table = {}
            for el in node.elements:
                if not isinstance(el, cst.DictElement) or not isinstance(el.key, cst.SimpleString):
                    return Binding(OTHER, "dict")
                target = self.resolve_path(el.value)
                if target is None or target.split(".")[0] not in TORCH_ROOTS:
                    return Binding(OTHER, "dict")
                table[el.key.evaluated_value] = target
            return Binding(TORCHDICT, table)
        if isinstance(node, (cst.Name, cst.Attribute)):
            b = self.infer(node)
            if b is not None and b.kind in (PROJECT, PROJMOD):
                return b
            return b
        return self.infer(node)

    def leave_Assign(self, node: cst.Assign) -> None:
        self._assigned([t.target for t in node.targets], node.value)

    def leave_AnnAssign(self, node: cst.AnnAssign) -> None:
        b = self._annotation(node.annotation.annotation)
        if node.value is not None:
            inferred = self._value_binding(node.value)
            b = inferred if inferred is not None and inferred.kind != OTHER else (b or inferred)
        self._bind_target(node.target, b)

    def leave_NamedExpr(self, node: cst.NamedExpr) -> None:
        self._bind_target(node.target, self._value_binding(node.value))

    def leave_AugAssign(self, node: cst.AugAssign) -> None:
        # `attns = 0; attns += weights`: the name now holds what the operation gives
        if isinstance(node.target, cst.Name):
            self._bind_target(node.target, combine(self.infer(node.target), self.infer(node.value)))

    def visit_For(self, node: cst.For) -> None:
        self._bind_iteration(node.target, node.iter)

    def _bind_iteration(self, target: cst.BaseExpression, it: cst.BaseExpression) -> None:
        """`for p in group["params"]`, and through `zip(a, b)` / `enumerate(a)` position by position."""
        if isinstance(it, cst.Call) and isinstance(it.func, cst.Name) and \
                it.func.value in ("zip", "enumerate") and isinstance(target, (cst.Tuple, cst.List)) and \
                it.args and not any(a.star or a.keyword is not None for a in it.args) and \
                self.scopes.lookup(it.func.value) is None:
            if it.func.value == "zip":
                parts = [self._element_of(self.infer(a.value)) for a in it.args]
            else:
                parts = [Binding(OTHER, "enumerate index"), self._element_of(self.infer(it.args[0].value))]
            if len(parts) == len(target.elements):
                for el, part in zip(target.elements, parts):
                    self._bind_target(el.value, part)
                return
        self._bind_target(target, self._element_of(self.infer(it)))

    def leave_WithItem(self, node: cst.WithItem) -> None:
        if node.asname is not None:
            self._bind_target(node.asname.name, None)

    def visit_If(self, node: cst.If) -> None:
        found = self._checked(node.test)
        if found is not None:  # `if torch.is_tensor(x):` / `isinstance(x, Tensor)`: x is one in the body
            name, narrowed = found
            scope = self.scopes.current
            self._narrowed[id(node.body)] = (scope, name, scope.names.get(name), narrowed)
            scope.names[name] = narrowed

    def visit_Assert(self, node: cst.Assert) -> None:
        found = self._checked(node.test)
        if found is not None:  # `assert isinstance(loss, th.Tensor)`: from here on
            self.bind(*found)

    def _checked(self, test: cst.BaseExpression) -> tuple[str, Binding] | None:
        """(name, what it is) after `isinstance(x, Tensor)` / `torch.is_tensor(x)` (a tensor) or
        `isinstance(x, np.ndarray)` / `isinstance(x, (np.generic, np.ndarray))` (a numpy value)."""
        if isinstance(test, cst.BooleanOperation) and isinstance(test.operator, cst.And):
            return self._checked(test.left) or self._checked(test.right)
        if not isinstance(test, cst.Call) or not test.args or not isinstance(test.args[0].value, cst.Name):
            return None
        fn = test.func
        name = test.args[0].value.value
        if isinstance(fn, cst.Name) and fn.value == "isinstance" and len(test.args) == 2 and \
                self.scopes.lookup("isinstance") is None:
            cls = test.args[1].value
            kinds = {self._class_kind(el.value) for el in cls.elements} if isinstance(cls, cst.Tuple) \
                else {self._class_kind(cls)}
            if kinds == {TENSOR}:
                return name, Binding(TENSOR, "checked to be a tensor")
            if kinds == {NDARRAY}:
                return name, Binding(OTHER, NDARRAY)
            return None
        if self.canonical(self.resolve_path(fn) or "") == "torch.is_tensor":
            return name, Binding(TENSOR, "checked to be a tensor")
        return None

    def _class_kind(self, node: cst.BaseExpression) -> str | None:
        path = self.resolve_path(node)
        if path is not None:
            return TENSOR if self.canonical(path) in ("torch.Tensor", "torch.nn.Parameter") else None
        imported = self.import_path(node)
        return NDARRAY if imported is not None and imported.split(".")[0] == "numpy" else None

    def _end_narrowing(self, node: cst.CSTNode) -> None:
        scope, name, old, narrowed = self._narrowed.pop(id(node))
        if scope.names.get(name) is narrowed:  # not rebound in the body
            if old is None:
                del scope.names[name]
            else:
                scope.names[name] = old

    def leave_IndentedBlock(self, node: cst.IndentedBlock) -> None:
        if self._narrowed and id(node) in self._narrowed:
            self._end_narrowing(node)

    def leave_SimpleStatementSuite(self, node: cst.SimpleStatementSuite) -> None:
        if self._narrowed and id(node) in self._narrowed:
            self._end_narrowing(node)

    def visit_Global(self, node: cst.Global) -> bool:
        return False

    def visit_Nonlocal(self, node: cst.Nonlocal) -> bool:
        return False

    # ------------------------------------------------------------------ uses
    def visit_Decorator(self, node: cst.Decorator) -> None:
        self.decorators.add(id(node.decorator))
        if isinstance(node.decorator, cst.Name):
            self.anchor_name(node.decorator, "deco")

    def visit_Call(self, node: cst.Call) -> None:
        self.call_of[id(node.func)] = node
        func = node.func
        if isinstance(func, cst.Name):
            self.anchor_name(func, "call")
            b = self.scopes.lookup(func.value)
            if (b is not None and b.kind in (TORCH, PROJECT, PROJMOD)) or (
                    b is None and self.scopes.module.star_torch):
                self._chain_use(func)
        elif isinstance(func, cst.Attribute):
            if dotted_name(func) is not None and (
                    self.resolve_path(func) is not None or self._rooted_in_project(func)):
                return  # a torch/project chain: recorded by visit_Attribute
            self._method_call(node, func)
        if isinstance(func, cst.IfExp):  # `(torch.cat if flat else torch.tensor)(x)` calls one of them
            self.called_refs.update((id(func.body), id(func.orelse)))
        if isinstance(func, cst.Name) and func.value in ("map", "filter") and len(node.args) >= 2 and \
                node.args[0].keyword is None and self.scopes.lookup(func.value) is None:
            self.called_refs.add(id(node.args[0].value))  # `map(torch.as_tensor, xs)` calls it
        if isinstance(func, cst.Subscript) and isinstance(func.value, cst.Name):
            self.anchor_span(func, func.value.value)
        if isinstance(func, cst.Subscript) and isinstance(func.value, cst.Name) and \
                len(func.slice) == 1 and isinstance(func.slice[0].slice, cst.Index) and \
                isinstance(func.slice[0].slice.value, cst.SimpleString):
            b = self.scopes.lookup(func.value.value)
            if b is not None and b.kind == TORCHDICT:  # INIT_FNS["normal_"](w)
                target = b.value.get(func.slice[0].slice.value.evaluated_value)
                if target is not None:
                    self._record(func, self.canonical(target), "call", "high", node, "dict of torch functions")

    def _rooted_in_project(self, node: cst.BaseExpression) -> bool:
        dotted = dotted_name(node)
        if dotted is None:
            return False
        b = self.scopes.lookup(dotted.partition(".")[0])
        return b is not None and b.kind in (PROJECT, PROJMOD)

    def _method_call(self, call: cst.Call, func: cst.Attribute) -> None:
        self._attr_parent[id(func.attr)] = func
        meth = func.attr.value
        cat = self.cat
        recv = self.infer(func.value)
        kind = "decorator" if id(call) in self.decorators else "call"
        if recv is not None:
            k = recv.kind
            if k == TENSOR:
                if meth == "values" and not call.args and recv.confidence != "high":
                    return  # `params.values()` on a guessed receiver (a forward argument): a dict's, not sparse's
                if meth in cat.tensor_members:
                    self._record(func.attr, f"torch.Tensor.{meth}", kind, recv.confidence, call,
                                 recv.value)
            elif k in (MODULE, MAYBE_MODULE, SELF):
                if k == SELF and recv.value.defines(meth):
                    return  # the class overrides it (`def train(self, mode)`): not torch's method
                if isinstance(func.value, cst.Call) and dotted_name(func.value.func) == "super":
                    cls = self.methods[-1][1] if self.methods else None
                    if cls is not None and any(base.defines(meth) for base in cls.bases):
                        return  # `super().forward(x)` into a base class of this file
                if k == SELF and meth in ("register_buffer", "register_parameter") and call.args \
                        and isinstance(call.args[0].value, cst.SimpleString):
                    name = call.args[0].value.evaluated_value
                    if isinstance(name, str):
                        recv.value.attrs[name] = Binding(TENSOR, f"registered {meth[9:]}")
                if meth in cat.module_members:
                    conf = "high" if k == MODULE or (k == SELF and recv.value.torch_module == "yes") \
                        else "medium"
                    if k == SELF and recv.value.torch_module == "no":
                        return
                    owner = "torch.nn.Module"
                    project: tuple[str, ...] = ()  # whose project-defined member this may be instead
                    if isinstance(func.value, cst.Call) and dotted_name(func.value.func) == "super":
                        cls = self.methods[-1][1] if self.methods else None
                        if cls is not None and cls.torch_base:  # super().forward(x) in a LayerNorm
                            owner, conf = cls.torch_base, "high"
                        if cls is not None:
                            project = self._owner(cls, "super")
                    elif k == SELF:
                        project = self._owner(recv.value, "self")
                    elif k == MAYBE_MODULE and isinstance(recv.value, str) and recv.value.isidentifier():
                        ref = self._project_class(recv.value)
                        project = (*ref, "instance") if ref is not None else ()
                    self._record(func.attr, f"{owner}.{meth}", kind, conf, call, "module instance")
                    self.found[-1][1].owner = project
            elif k == OPTIMIZER:
                if meth in cat.optimizer_members:
                    self._record(func.attr, f"torch.optim.Optimizer.{meth}", kind, "high", call, recv.value)
            elif k == SCHEDULER:
                if meth in cat.lr_scheduler_members:
                    self._record(func.attr, f"torch.optim.lr_scheduler.LRScheduler.{meth}", kind, "high",
                                 call, recv.value)
            elif k == TENSORS and meth in cat.tensor_members and meth not in ("index", "count"):
                return
            return
        # receiver of unknown type: decide from the method name and the arguments
        if call.args and call.args[0].keyword is None and isinstance(
                call.args[0].value, (cst.SimpleString, cst.ConcatenatedString, cst.FormattedString)) \
                and meth not in STRING_ARG_METHODS:
            return  # `pattern.sub(r"\1", s)`, `name.index("x")`: tensor methods take no str first
        if isinstance(func.value, cst.Name):
            shadowed = self.scopes.module.names.get(func.value.value)
            if shadowed is not None and shadowed.kind == TORCH and \
                    cat.kind(self.canonical(shadowed.value)) == "module":
                return  # a local reusing a module alias (`def f(F): F.relu(...)`) is module-like
        if meth in cat.tensor_members and cat.tensor_members[meth] == "method":
            if meth in cat.builtin_overlap:
                if not self._tensor_like_args(meth, call):
                    return
                self._record(func.attr, f"torch.Tensor.{meth}", kind, "medium", call, "tensor-style arguments")
            elif meth in cat.numpy_overlap:
                self._record(func.attr, f"torch.Tensor.{meth}", kind, "low", call, "method name")
            else:
                self._record(func.attr, f"torch.Tensor.{meth}", kind, "medium", call, "Tensor-only method name")
        elif meth in DISTINCTIVE_MODULE_MEMBERS:
            if meth in cat.optimizer_members and named_like_optimizer(func.value):
                self._record(func.attr, f"torch.optim.Optimizer.{meth}", kind, "low", call,
                             "receiver named like an optimizer")  # `self.policy.optimizer.zero_grad()`
                return
            self._record(func.attr, f"torch.nn.Module.{meth}", kind, "low", call, "nn.Module-only method name")

    def _tensor_like_args(self, meth: str, call: cst.Call) -> bool:
        kws = {a.keyword.value for a in call.args if a.keyword is not None}
        if "dim" in kws or "split_size_or_sections" in kws or "descending" in kws:
            return True
        if meth in ("split",) and call.args and call.args[0].keyword is None:
            first = call.args[0].value
            return isinstance(first, (cst.Integer, cst.List, cst.Tuple)) or (
                isinstance(first, (cst.Name, cst.Attribute, cst.BinaryOperation, cst.Call)) and
                len(call.args) >= 2)
        return False

    def visit_Attribute(self, node: cst.Attribute) -> bool:
        if id(node) in self.call_of and isinstance(self.call_of[id(node)].func, cst.Attribute):
            # func of a call: chains are handled here, method calls in visit_Call
            if dotted_name(node) is not None:
                if self._chain_use(node):
                    self.count_hidden(node.value)
                    return False
            return True
        if self._chain_use(node):
            self.count_hidden(node.value)
            return False
        # property access on a tensor (x.grad, x.shape): only when the receiver is known to be one
        recv_b = self.infer(node.value)
        attr = node.attr.value
        if recv_b is not None and recv_b.kind == TENSOR and \
                self.cat.tensor_members.get(attr) == "property":
            self._attr_parent[id(node.attr)] = node
            self._record(node.attr, f"torch.Tensor.{attr}", "attribute", recv_b.confidence, None,
                         recv_b.value)
        return True

    def visit_Name(self, node: cst.Name) -> None:
        if id(node) in self.decorators:  # bases are Args: see visit_Arg
            b = self.scopes.lookup(node.value)
            if b is not None and b.kind in (TORCH, PROJECT, PROJMOD):
                self._chain_use(node)

    def visit_Arg(self, node: cst.Arg) -> None:
        if node.keyword is not None:
            self.anchor_name(node.keyword, "kw")
        if isinstance(node.value, cst.Name):
            self.anchor_name(node.value, "arg")
        # a torch callable passed as a value: `act=nn.ReLU`, `apply(init_fn)`
        if isinstance(node.value, cst.Name):
            b = self.scopes.lookup(node.value.value)
            if b is not None and (b.kind in (PROJECT, PROJMOD) or (
                    b.kind == TORCH and b.imported and b.value.count(".") >= 1)):
                self._chain_use(node.value)
