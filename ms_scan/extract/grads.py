"""Second-order sites (grad with create_graph, backward(create_graph), hessian/hvp, torch.func nests, MAML)
and the torch ops on each site's derivative path, from the same single libcst pass as the API extractor.

The path is a slice (inputs -> outputs over assignments, flow-insensitive) expanded through the file's
own functions and module classes, arguments at the calls of a helper, and `.to()`/`.eval()` chains; a
grad helper whose inputs and outputs are its parameters (a def, a named lambda, a staticmethod called on its
class) is sliced again in its callers, where inputs taken from `m.parameters()` make `m` an input too.
Containers grown by append/extend/insert (also `self.blocks.append(...)` in a loop) hold what they are
given, and comprehension targets are the elements of what they iterate. A model parameter
bound nowhere in the file is taken to be the file's class its name designates (medium confidence) only
when exactly one fits. A name imported from another project module is recorded as a ProjectCallee (and
as unresolved; an absolute import of a sibling script's module counts too); `extract_model_summaries`
gives, for the file that defines it, the ops its classes' `forward` and its functions reach, and
ms_scan/project.py joins the two across files.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

import libcst as cst

from ms_scan.extract.catalog import load_catalog
from ms_scan.extract.positions import locate
from ms_scan.extract.receivers import BUILTIN_NON_TENSOR, MODULE_METHODS_RETURNING_MODULE, NON_TORCH_MODULES
from ms_scan.extract.scope import EXTMOD, PROJECT, PROJMOD, UNKNOWN
from ms_scan.extract.visitor import Extractor, dotted_name

# torch calls that are differentiation machinery, not ops on the path
_AUTOGRAD_PREFIXES = ("torch.autograd.", "torch.func.grad", "torch.func.jacrev", "torch.func.jacfwd",
                      "torch.func.hessian", "torch.func.vjp", "torch.func.jvp", "torch.func.vmap")
_FUNCTIONAL_CALL = ("torch.func.functional_call", "torch.nn.utils.stateless.functional_call")
_WRAPPERS = ("torch.nn.DataParallel", "torch.nn.parallel.DistributedDataParallel", "torch.compile",
             "torch.jit.script", "torch.jit.trace")
_CONTAINERS = ("torch.nn.Sequential", "torch.nn.ModuleList", "torch.nn.ModuleDict")
_HESSIAN_LIKE = {"torch.autograd.functional.hessian": "hessian", "torch.autograd.functional.hvp": "hvp",
                 "torch.autograd.functional.vhp": "vhp", "torch.func.hessian": "func.hessian"}
_FUNC_TRANSFORMS = ("torch.func.grad", "torch.func.jacrev", "torch.func.jacfwd")
_COPY_LIKE = ("copy.deepcopy", "deepcopy", "copy.copy")
_LIST_GROWERS = ("append", "extend", "insert", "add_module")
_PARAMETER_METHODS = ("parameters", "named_parameters")  # `model.parameters()`: the inputs are model's weights
# calls that create tensors or read metadata: never differentiated, so never on a path
_NOT_ON_PATH = frozenset({
    "torch.randn", "torch.rand", "torch.randint", "torch.zeros", "torch.ones", "torch.empty", "torch.full",
    "torch.arange", "torch.linspace", "torch.tensor", "torch.as_tensor", "torch.ones_like", "torch.zeros_like",
    "torch.randn_like", "torch.rand_like", "torch.empty_like", "torch.full_like", "torch.Tensor.size",
    "torch.Tensor.detach", "torch.Tensor.requires_grad_", "torch.Tensor.dim", "torch.Tensor.numel",
    "torch.Tensor.item", "torch.no_grad", "torch.enable_grad", "torch.triu_indices", "torch.tril_indices",
    "torch.nn.Module.parameters", "torch.nn.Module.named_parameters", "torch.nn.Module.buffers",
    "torch.nn.Module.named_buffers",
})
MAX_LIFT = 3  # caller hops when a grad's inputs and outputs are a helper's parameters
MAX_DEPTH = 40  # recursion steps (several per call hop); cycles are cut by the visiting sets


# ------------------------------------------------------------------------------------------- facts
@dataclass(slots=True)
class GradOp:
    """A torch API on a second-order path: where it is written (constructor or call) and how it is reached."""

    api: str  # canonical torch API, e.g. torch.nn.AvgPool2d, torch.nn.functional.gelu
    line: int
    column: int
    end_line: int
    end_column: int
    args: tuple = ()  # ((keyword, literal value), ...) from the constructor or call
    via: str = ""  # e.g. "critic(x_hat) -> Critic.forward -> self.main"
    confidence: str = "high"
    path: str = ""  # file the op is written in when not the site's own (reached across files), else ""
    also: tuple = ()  # other files' sites that reach the same op ("train.py:9"), set by ms_scan.project


@dataclass(slots=True)
class ProjectCallee:
    """A name imported from another project module met on a derivative path (`from .models import Critic`)."""

    module: str  # dotted module the name is imported from
    name: str  # the name in that module
    role: str  # instance: the result of calling it is called (a model class, a factory) | call: it is called
    via: str  # the path up to the name, e.g. "critic"
    confidence: str  # high | medium (reached through a guessed class)
    text: str  # the site's `unresolved` entry that stands for it (dropped once resolved across files)


@dataclass(slots=True)
class ModelSummary:
    """What calling a module-level class instance or function of a file puts on a derivative path."""

    name: str  # class or function name at module level
    role: str  # instance (a class's forward, a factory's returned model) | call (a function's body)
    ops: list[GradOp] = field(default_factory=list)
    project: list[ProjectCallee] = field(default_factory=list)  # further project names it reaches
    unresolved: list[str] = field(default_factory=list)


@dataclass(slots=True)
class GradSite:
    """A place where something is differentiated twice, with the ops on its derivative path."""

    kind: str  # grad | backward | hessian | hvp | vhp | jacobian | func.hessian | func.<outer>(<inner>) | higher | learn2learn
    api: str  # what is written there, e.g. torch.autograd.grad, Tensor.backward, higher.step
    line: int
    column: int
    end_line: int
    end_column: int
    certainty: str  # definite (literal create_graph=True / always second order) | possible (an expression)
    function: str  # enclosing function, "<module>" at top level
    ops: list[GradOp] = field(default_factory=list)
    unresolved: list[str] = field(default_factory=list)  # callees on the path that could not be resolved
    resolved: bool = True  # False: no path from inputs to outputs was found at all
    reason: str = ""
    project: list[ProjectCallee] = field(default_factory=list)  # to follow across files


@dataclass(slots=True)
class GradFacts:
    path: str
    sites: list[GradSite] = field(default_factory=list)
    snippets: dict[int, str] = field(default_factory=dict)


# ------------------------------------------------------------------------------ pass-time records
class _Fn:
    __slots__ = ("name", "qual", "node", "parent", "cls", "self_name", "params", "assigns", "calls",
                 "defs", "with_index")

    def __init__(self, name, qual, node, parent, cls, self_name, params):
        self.name, self.qual, self.node, self.parent = name, qual, node, parent
        self.cls, self.self_name, self.params = cls, self_name, params
        self.assigns: dict[str, list] = {}  # name or "self.x" -> value expressions
        self.calls: list[cst.Call] = []
        self.defs: dict[str, _Fn] = {}
        self.with_index: dict[str, tuple[cst.BaseExpression, int]] = {}  # `as (a, b)` element -> (item, i)


class _Cls:
    __slots__ = ("name", "methods", "attrs", "torch_module", "bases", "torch_bases")

    def __init__(self, name, torch_module="no", bases=(), torch_bases=()):
        self.name = name
        self.torch_module = torch_module  # "yes" | "maybe" | "no" (visitor.ClassInfo verdict)
        self.bases = bases  # base class names as written
        self.torch_bases = torch_bases  # canonical torch APIs among the bases (torch.nn.Sequential ...)
        self.methods: dict[str, _Fn] = {}
        self.attrs: dict[str, list[tuple[cst.BaseExpression, _Fn]]] = {}


def _literal(node: cst.BaseExpression):
    if isinstance(node, cst.SimpleString):
        return node.evaluated_value
    if isinstance(node, cst.Integer):
        return int(node.value)
    if isinstance(node, cst.Float):
        return float(node.value)
    if isinstance(node, cst.Name) and node.value in ("True", "False", "None"):
        return {"True": True, "False": False, "None": None}[node.value]
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
        v = _literal(node.expression)
        return -v if isinstance(v, (int, float)) and not isinstance(v, bool) else _NOLIT
    return _NOLIT


_NOLIT = object()


def _arg(call: cst.Call, pos: int, name: str) -> cst.BaseExpression | None:
    for a in call.args:
        if a.keyword is not None and a.keyword.value == name:
            return a.value
    positional = [a for a in call.args if a.keyword is None and not a.star]
    return positional[pos].value if pos is not None and pos < len(positional) else None


def _kw(call: cst.Call, name: str) -> cst.BaseExpression | None:
    for a in call.args:
        if a.keyword is not None and a.keyword.value == name:
            return a.value
    return None


def _literal_args(call: cst.Call) -> tuple:
    out = []
    for a in call.args:
        if a.keyword is not None:
            v = _literal(a.value)
            if v is not _NOLIT:
                out.append((a.keyword.value, v))
    return tuple(out)


def _children(node: cst.CSTNode):
    if isinstance(node, cst.Attribute):
        return [node.value]
    if isinstance(node, cst.Arg):
        return [node.value]
    if isinstance(node, (cst.FunctionDef, cst.ClassDef)):
        return []
    return node.children


def _walk(node: cst.CSTNode):
    stack = [node]
    while stack:
        n = stack.pop()
        yield n
        stack.extend(reversed(_children(n)))


def refs(node: cst.CSTNode) -> set[str]:
    """Names an expression reads (plus `a.b` for attribute reads on a name); not attribute or keyword names."""
    out = set()
    for n in _walk(node):
        if isinstance(n, cst.Name):
            out.add(n.value)
        elif isinstance(n, cst.Attribute) and isinstance(n.value, cst.Name):
            out.add(f"{n.value.value}.{n.attr.value}")
    return out


def calls_in(node: cst.CSTNode) -> list[cst.Call]:
    return [n for n in _walk(node) if isinstance(n, cst.Call)]


_EMPTY = cst.Module([])


def _code(node: cst.CSTNode) -> str:
    text = _EMPTY.code_for_node(node)
    return text if len(text) <= 60 else text[:57] + "..."


def _unchain(v: cst.BaseExpression) -> cst.BaseExpression:
    """`Critic().to(device).eval()` -> `Critic()`: module methods that return the module itself."""
    while isinstance(v, cst.Call) and isinstance(v.func, cst.Attribute) and \
            v.func.attr.value in MODULE_METHODS_RETURNING_MODULE:
        v = v.func.value
    return v


def _join(via: str, step: str) -> str:
    return f"{via} -> {step}" if via else step


def _target_names(target: cst.BaseExpression) -> list[str]:
    if isinstance(target, cst.Name):
        return [target.value]
    if isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name):
        return [f"{target.value.value}.{target.attr.value}"]
    if isinstance(target, (cst.Tuple, cst.List)):
        return [n for el in target.elements for n in _target_names(el.value)]
    if isinstance(target, cst.StarredElement):
        return _target_names(target.value)
    if isinstance(target, cst.Subscript):
        return _target_names(target.value)  # `d[k] = v` feeds d
    return []


# a model parameter's name -> words one of the file's class names must contain (GAN roles);
# generic names (`model`, `net`) designate the file's only top-level model
_ROLE_WORDS = {
    "d": {"disc", "critic"}, "disc": {"disc", "critic"}, "discriminator": {"disc", "critic"},
    "critic": {"critic", "disc"}, "g": {"gen"}, "gen": {"gen"}, "generator": {"gen"},
}
_GENERIC_MODEL_WORDS = frozenset({"model", "net", "network", "module", "mdl", "m", "f", "fn", "the", "my"})


def _name_tokens(name: str) -> list[str]:
    """`netD` -> [net, d], `critic_model` -> [critic, model], `D` -> [d]."""
    spaced = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", name)
    return [t.lower() for t in spaced.split("_") if t and not t.isdigit()]


# ------------------------------------------------------------------------------------- extractor
class GradExtractor(Extractor):
    """Extractor + second-order sites. Call `grad_nodes()` for positions, then `grad_sites(where)`."""

    def __init__(self, *args, **kw) -> None:
        super().__init__(*args, **kw)
        self._module_fn = _Fn("<module>", "<module>", None, None, None, None, [])
        self._ctx: list = [self._module_fn]  # _Fn or _Cls, innermost last
        self._classes: dict[str, _Cls] = {}
        self._fn_of_call: dict[int, _Fn] = {}
        self._callee_api: dict[int, str] = {}  # id(call) -> canonical torch api of its func
        self._raw_sites: list[tuple] = []  # (call, fn, kind, api, certainty, extra)
        self._pending_adapt: list[tuple[cst.Call, _Fn]] = []
        self._diffopts: dict[int, set[str]] = {}  # id(fn) -> names bound to higher's diffopt
        self._built: list[tuple[cst.CSTNode, object]] | None = None
        self._lambda_names: dict[int, str] = {}  # id(lambda) -> the name `d = lambda y, x: ...` binds

    # ---------------------------------------------------------------- context
    @property
    def _fn(self) -> _Fn:
        for c in reversed(self._ctx):
            if isinstance(c, _Fn):
                return c
        return self._module_fn

    def visit_ClassDef(self, node: cst.ClassDef) -> None:
        super().visit_ClassDef(node)
        info = self.classes[-1] if self.classes else None
        torch_bases = []
        for a in node.bases:
            path = self.resolve_path(a.value) if dotted_name(a.value) is not None else None
            if path is not None:
                torch_bases.append(self.canonical(path))
        cls = _Cls(node.name.value, info.torch_module if info is not None else "no",
                   tuple(d for d in (dotted_name(a.value) for a in node.bases) if d), tuple(torch_bases))
        self._classes.setdefault(cls.name, cls)
        self._ctx.append(cls)

    def leave_ClassDef(self, node: cst.ClassDef) -> None:
        super().leave_ClassDef(node)
        self._ctx.pop()

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        super().visit_FunctionDef(node)
        outer = self._ctx[-1]
        params = [p.name.value for p in (*node.params.posonly_params, *node.params.params,
                                          *node.params.kwonly_params)]
        name = node.name.value
        if isinstance(outer, _Cls):
            self_name = self.methods[-1][0] if self.methods else None
            if self_name and params and params[0] == self_name:
                params = params[1:]
            fn = _Fn(name, f"{outer.name}.{name}", node, self._fn, outer, self_name, params)
            outer.methods.setdefault(name, fn)
        else:
            parent = outer
            fn = _Fn(name, name if parent is self._module_fn else f"{parent.qual}.{name}", node, parent,
                     None, None, params)
            parent.defs[name] = fn
        self._ctx.append(fn)

    def leave_FunctionDef(self, node: cst.FunctionDef) -> None:
        super().leave_FunctionDef(node)
        self._ctx.pop()

    def visit_Assign(self, node: cst.Assign) -> None:
        super().visit_Assign(node)
        if isinstance(node.value, cst.Lambda) and len(node.targets) == 1 and \
                isinstance(node.targets[0].target, cst.Name):
            self._lambda_names[id(node.value)] = node.targets[0].target.value

    def visit_Lambda(self, node: cst.Lambda) -> None:
        """A named lambda (`d = lambda y, x: torch.autograd.grad(y, x, ..., create_graph=True)[0]`) is a
        function of its own: a grad inside it is sliced in its callers, like a def helper's."""
        super().visit_Lambda(node)
        name = self._lambda_names.get(id(node))
        if name is None:
            return
        parent = self._fn
        params = [p.name.value for p in (*node.params.posonly_params, *node.params.params,
                                          *node.params.kwonly_params)]
        fn = _Fn(name, name if parent is self._module_fn else f"{parent.qual}.{name}", node, parent, None, None,
                 params)
        parent.defs.setdefault(name, fn)
        self._ctx.append(fn)

    def leave_Lambda(self, node: cst.Lambda) -> None:
        super().leave_Lambda(node)
        if id(node) in self._lambda_names:
            self._ctx.pop()

    @property
    def _ext_imports(self) -> dict[str, str]:
        """Local names bound by non-torch imports (higher, learn2learn ...)."""
        return {k: v for k, v in self.imported.items() if v.split(".")[0] != "torch"}

    def _ext_path(self, node: cst.BaseExpression) -> str | None:
        """`l2l.algorithms.MAML` -> `learn2learn.algorithms.MAML` through this file's non-torch imports."""
        path = self.import_path(node)
        return None if path is None or path.split(".")[0] == "torch" else path

    # ---------------------------------------------------------------- assignments
    def _record_assign(self, targets: list[cst.BaseExpression], value: cst.BaseExpression) -> None:
        fn = self._fn
        for target in targets:
            if isinstance(target, (cst.Tuple, cst.List)) and isinstance(value, (cst.Tuple, cst.List)) and \
                    len(target.elements) == len(value.elements):
                for t, v in zip(target.elements, value.elements):
                    self._record_assign([t.value], v.value)
                continue
            for name in _target_names(target):
                fn.assigns.setdefault(name, []).append(value)
                if fn.cls is not None and fn.self_name and name.startswith(fn.self_name + "."):
                    fn.cls.attrs.setdefault(name.split(".", 1)[1], []).append((value, fn))

    def leave_Assign(self, node: cst.Assign) -> None:
        super().leave_Assign(node)
        self._record_assign([t.target for t in node.targets], node.value)

    def leave_AnnAssign(self, node: cst.AnnAssign) -> None:
        super().leave_AnnAssign(node)
        if node.value is not None:
            self._record_assign([node.target], node.value)

    def leave_AugAssign(self, node: cst.AugAssign) -> None:
        super().leave_AugAssign(node)
        self._record_assign([node.target], node.value)

    def leave_NamedExpr(self, node: cst.NamedExpr) -> None:
        super().leave_NamedExpr(node)
        self._record_assign([node.target], node.value)

    def visit_For(self, node: cst.For) -> None:
        super().visit_For(node)
        self._record_assign([node.target], node.iter)

    def visit_CompFor(self, node: cst.CompFor) -> None:
        super().visit_CompFor(node)  # `sum(head(h) for head in self.heads)`: head is an element of heads
        self._record_assign([node.target], node.iter)

    def leave_WithItem(self, node: cst.WithItem) -> None:
        super().leave_WithItem(node)
        if node.asname is None:
            return
        target = node.asname.name
        fn = self._fn
        if isinstance(target, (cst.Tuple, cst.List)):
            for i, el in enumerate(target.elements):
                for name in _target_names(el.value):
                    fn.with_index[name] = (node.item, i)
                    fn.assigns.setdefault(name, []).append(node.item)
        else:
            self._record_assign([target], node.item)
        if isinstance(node.item, cst.Call) and (self._ext_path(node.item.func) or "").endswith(
                "innerloop_ctx"):
            track = _kw(node.item, "track_higher_grads")
            if track is None or _literal(track) is not False:
                if isinstance(target, (cst.Tuple, cst.List)) and len(target.elements) >= 2:
                    self._diffopts.setdefault(id(fn), set()).update(_target_names(target.elements[1].value))

    # ---------------------------------------------------------------- calls and sites
    def leave_Call(self, node: cst.Call) -> None:
        super().leave_Call(node)
        fn = self._fn
        fn.calls.append(node)
        self._fn_of_call[id(node)] = fn
        func = node.func
        path = self.resolve_path(func) if dotted_name(func) is not None else None
        api = self.canonical(path) if path is not None else None
        if api is not None:
            self._callee_api[id(node)] = api
        if isinstance(func, cst.Attribute) and func.attr.value in _LIST_GROWERS and \
                (api is None or api.startswith(_CONTAINERS) or api == "torch.nn.Module.add_module") and \
                (isinstance(func.value, cst.Name) or fn.self_name and _target_names(func.value) and
                 _target_names(func.value)[0].startswith(fn.self_name + ".")):
            # `layers.append(m)`, `self.blocks.append(Block(w))` in a loop: the container holds m
            for a in node.args:
                self._record_assign([func.value], a.value)
        self._detect_site(node, fn, func, api)

    def _create_graph(self, node: cst.Call) -> str | None:
        value = _kw(node, "create_graph")
        if value is None:
            return None
        lit = _literal(value)
        if lit is True:
            return "definite"
        if lit is _NOLIT:
            return "possible"
        return None  # False / None: first order

    def _detect_site(self, node: cst.Call, fn: _Fn, func, api: str | None) -> None:
        if api == "torch.autograd.grad":
            cert = self._create_graph(node)
            if cert:
                self._raw_sites.append((node, fn, "grad", api, cert, None))
        elif api == "torch.autograd.backward":
            cert = self._create_graph(node)
            if cert:
                self._raw_sites.append((node, fn, "backward", api, cert, None))
        elif api in _HESSIAN_LIKE:
            self._raw_sites.append((node, fn, _HESSIAN_LIKE[api], api, "definite", None))
        elif api == "torch.autograd.functional.jacobian":
            cert = self._create_graph(node)
            if cert:
                self._raw_sites.append((node, fn, "jacobian", api, cert, None))
        elif api in _FUNC_TRANSFORMS and node.args and isinstance(node.args[0].value, cst.Call):
            inner = self._callee_api.get(id(node.args[0].value))
            if inner in _FUNC_TRANSFORMS:
                kind = f"func.{api.rpartition('.')[2]}({inner.rpartition('.')[2]})"
                self._raw_sites.append((node, fn, kind, api, "definite", node.args[0].value))
        elif api is None and isinstance(func, cst.Attribute):
            meth = func.attr.value
            if meth == "backward":
                cert = self._create_graph(node)
                if cert:
                    self._raw_sites.append((node, fn, "backward", "torch.Tensor.backward", cert, None))
            elif meth == "step" and isinstance(func.value, cst.Name) and \
                    func.value.value in self._diffopts.get(id(fn), ()):
                self._raw_sites.append((node, fn, "higher", "higher.DifferentiableOptimizer.step",
                                        "definite", None))
            elif meth == "adapt" and any(v.startswith("learn2learn") for v in self._ext_imports.values()):
                self._pending_adapt.append((node, fn))

    # ---------------------------------------------------------------- results
    def _build(self) -> list[tuple[cst.CSTNode, object]]:
        if self._built is None:
            self._built = _Resolver(self).run()
        return self._built

    def grad_nodes(self) -> list[cst.CSTNode]:
        """Nodes whose positions `grad_sites` needs (pass them to positions.locate with the others)."""
        return [n for n, _ in self._build()]

    def grad_sites(self, where: dict[int, tuple[int, int, int, int]]) -> list[GradSite]:
        sites = []
        for node, obj in self._build():
            pos = where.get(id(node))
            if pos is not None:
                obj.line, obj.column, obj.end_line, obj.end_column = pos
            if isinstance(obj, GradSite):
                sites.append(obj)
        for s in sites:
            uniq = {}
            for op in s.ops:
                uniq.setdefault((op.line, op.column, op.api), op)
            s.ops = sorted(uniq.values(), key=lambda o: (o.line, o.column, o.api))
        sites.sort(key=lambda s: (s.line, s.column))
        return sites


# --------------------------------------------------------------------------------------- resolver
class _Resolver:
    """Runs after the pass: slices each site and expands the calls on the path into torch ops."""

    def __init__(self, ex: GradExtractor) -> None:
        self.ex = ex
        self.uses = {id(n): u for n, u in ex.found}
        self.out: list[tuple[cst.CSTNode, object]] = []
        self._module_classes: dict[str, _Cls] | None = None

    # ---------------------------------------------------------------- helpers
    def torch_api(self, call: cst.Call) -> str | None:
        use = self.uses.get(id(call.func))
        if use is None and isinstance(call.func, cst.Attribute):
            use = self.uses.get(id(call.func.attr))
        if use is not None and use.kind in ("call", "decorator"):
            return use.api
        return self.ex._callee_api.get(id(call))

    def kind(self, api: str) -> str | None:
        return self.ex.cat.kind(api)

    def lookup_assigns(self, fn: _Fn, name: str) -> tuple[list, _Fn] | None:
        f = fn
        while f is not None:
            if name in f.assigns:
                return f.assigns[name], f
            if name in f.params:
                return None
            f = f.parent
        return None

    def lookup_def(self, fn: _Fn, name: str) -> _Fn | None:
        f = fn
        while f is not None:
            if name in f.defs:
                return f.defs[name]
            f = f.parent
        return None

    def all_fns(self):
        stack = [self.ex._module_fn] + [m for c in self.ex._classes.values() for m in c.methods.values()]
        seen = set()
        while stack:
            f = stack.pop()
            if id(f) in seen:
                continue
            seen.add(id(f))
            yield f
            stack.extend(f.defs.values())

    # ---------------------------------------------------------------- run
    def run(self) -> list[tuple[cst.CSTNode, object]]:
        raw = list(self.ex._raw_sites)
        for call, fn in self.ex._pending_adapt:
            cert = self.l2l_certainty(call.func.value, fn, 0)
            if cert:
                raw.append((call, fn, "learn2learn", "learn2learn.algorithms.MAML.adapt", cert, None))
        for call, fn, kind, api, cert, extra in raw:
            site = GradSite(kind, api, 0, 0, 0, 0, cert, fn.qual)
            self.out.append((call, site))
            self.site_path(site, call, fn, kind, extra)
        return self.out

    def l2l_certainty(self, expr, fn: _Fn, depth: int) -> str | None:
        if depth > 4:
            return None
        if isinstance(expr, cst.Name):
            found = self.lookup_assigns(fn, expr.value)
            if found is None:
                return None
            values, ctx = found
            for v in values:
                c = self.l2l_certainty(v, ctx, depth + 1)
                if c:
                    return c
            return None
        if isinstance(expr, cst.Call):
            path = self.ex._ext_path(expr.func) or ""
            if path.startswith("learn2learn") and path.endswith(("MAML", "MetaSGD", "GBML")):
                fo = _kw(expr, "first_order")
                lit = _literal(fo) if fo is not None else False
                if lit is True:
                    return None
                return "definite" if lit is False else "possible"
            if isinstance(expr.func, cst.Attribute) and expr.func.attr.value == "clone":
                return self.l2l_certainty(expr.func.value, fn, depth + 1)
        return None

    def site_path(self, site: GradSite, call: cst.Call, fn: _Fn, kind: str, extra) -> None:
        state = _PathState(site)
        if kind == "grad":
            outputs = _arg(call, 0, "outputs")
            inputs = _arg(call, 1, "inputs")
            if outputs is None or inputs is None:
                site.resolved, site.reason = False, "outputs or inputs not given"
                return
            self.slice(state, fn, [outputs], [inputs])
        elif kind == "backward":
            out = call.func.value if isinstance(call.func, cst.Attribute) and \
                site.api == "torch.Tensor.backward" else _arg(call, 0, "tensors")
            inputs = _kw(call, "inputs")
            if out is None:
                site.resolved, site.reason = False, "no tensor to differentiate"
                return
            self.slice(state, fn, [out], [inputs] if inputs is not None else None)
        elif kind in ("higher", "learn2learn"):
            loss = _arg(call, 0, "loss")
            if loss is None:
                site.resolved, site.reason = False, "no loss argument"
                return
            self.slice(state, fn, [loss], None)
        elif kind.startswith("func.") and extra is not None:
            inner = extra
            while isinstance(inner, cst.Call) and self.ex._callee_api.get(id(inner)) in _FUNC_TRANSFORMS:
                inner = inner.args[0].value if inner.args else None
            self.expand_callable(state, inner, fn, site.kind)
        else:  # hessian / hvp / vhp / jacobian / func.hessian: body of f
            self.expand_callable(state, _arg(call, 0, "func"), fn, site.kind)
        if not state.any_path and not site.unresolved and site.resolved:
            site.resolved = False
            site.reason = site.reason or "the inputs do not reach the outputs in this function"

    # ---------------------------------------------------------------- slicing
    def slice(self, state: "_PathState", fn: _Fn, outputs: list, inputs: list | None, hops: int = 0) -> None:
        back = set()
        for o in outputs:
            back |= refs(o)
        exprs = list(outputs)
        work = list(back)
        while work:
            name = work.pop()
            found = self.lookup_assigns(fn, name)
            if found is None:
                continue
            for v in found[0]:
                exprs.append(v)
                for r in refs(v) - back:
                    back.add(r)
                    work.append(r)
        if inputs is None:
            fwd = None
            direct = set().union(*(refs(o) for o in outputs))
            if direct & set(fn.params):  # `def step(loss): loss.backward(...)`: the loss is computed by the caller
                self.lift(state, fn, direct, None, hops)
        else:
            fwd = set()
            for i in inputs:
                fwd |= refs(i)
            fwd |= self.parameter_owners(fn, fwd)
            changed = True
            assigns = self.visible_assigns(fn)
            while changed:
                changed = False
                for name, values in assigns.items():
                    if name not in fwd and any(refs(v) & fwd for v in values):
                        fwd.add(name)
                        changed = True
            if not (fwd & back):
                if not self.lift(state, fn, back, fwd, hops):
                    state.site.reason = state.site.reason or \
                        "the grad inputs do not reach its outputs within " + fn.qual
                return
        state.any_path = True
        seen = set()
        for e in exprs:
            for c in calls_in(e):
                if id(c) in seen:
                    continue
                seen.add(id(c))
                if fwd is not None and not (refs(c) & fwd):
                    continue
                self.call_ops(state, c, fn, "", 0)

    def parameter_owners(self, fn: _Fn, names: set) -> set:
        """The modules whose weights the grad inputs are: `params = [p for p in model.parameters() if ...]`,
        `ws = list(net.named_parameters())` make `model` / `net` an input too (its output depends on them)."""
        owners, seen, work = set(), set(), list(names)
        while work:
            name = work.pop()
            if name in seen or "." in name:
                continue
            seen.add(name)
            found = self.lookup_assigns(fn, name)
            if found is None:
                continue
            for v in found[0]:
                for c in calls_in(v):
                    if isinstance(c.func, cst.Attribute) and c.func.attr.value in _PARAMETER_METHODS:
                        owners |= refs(c.func.value)
                work.extend(n for n in refs(v) if n not in seen)
        return owners

    def lift(self, state: "_PathState", fn: _Fn, back: set, fwd: set | None, hops: int) -> bool:
        """The grad sits in a helper whose outputs (and inputs) are its parameters (`d_r1_loss(pred, img)`,
        `derivative(u, x)`): slice again in each caller of the helper, on the arguments it passes."""
        if hops >= MAX_LIFT:
            return False
        p_out = [p for p in fn.params if p in back and p not in fn.assigns]
        p_in = [p for p in fn.params if p in fwd and p not in fn.assigns] if fwd is not None else []
        if not p_out or (fwd is not None and not p_in):
            return False
        lifted = False
        for call, caller in self.calls_of(fn):
            outs = [a for a in (self.param_arg(fn, call, p) for p in p_out) if a is not None]
            ins = [a for a in (self.param_arg(fn, call, p) for p in p_in) if a is not None]
            if not outs or (fwd is not None and not ins):
                continue
            key = ("lift", id(call))
            if key in state.visiting:
                continue
            state.visiting.add(key)
            lifted = True
            self.slice(state, caller, outs, ins if fwd is not None else None, hops + 1)
        return lifted

    def visible_assigns(self, fn: _Fn) -> dict:
        out = {}
        chain = []
        f = fn
        while f is not None:
            chain.append(f)
            f = f.parent
        for f in reversed(chain):
            out.update(f.assigns)
        return out

    # ---------------------------------------------------------------- expansion
    def call_ops(self, state: "_PathState", c: cst.Call, fn: _Fn, via: str, depth: int) -> None:
        if depth > MAX_DEPTH:
            return
        api = self.torch_api(c)
        if api is not None:
            if api.startswith(_AUTOGRAD_PREFIXES) or api in _WRAPPERS:
                return
            if api in _FUNCTIONAL_CALL:
                mod = _arg(c, 0, "module")
                if mod is not None:
                    self.expand_module_expr(state, mod, fn, self.via(via, c), depth + 1)
                return
            if self.kind(api) == "nn_module":
                if api in _CONTAINERS:
                    return  # a container built inline and called: its elements are ops of their own
                self.emit(state, api, c, c, via)
                return
            if api.startswith(("torch.", "torchvision.", "torchaudio.")):
                self.emit(state, api, c, c, via)
            return
        if isinstance(c.func, cst.Call):
            if self.torch_api(c.func) is not None:  # nn.AvgPool2d(2)(x)
                self.call_ops(state, c.func, fn, via, depth + 1)
            else:  # make_critic()(x), Critic()(x): the module the inner call returns, not its body
                state.any_path = True
                self.expand_value(state, c.func, fn, self.via(via, c.func), depth + 1)
            return
        self.expand_module_expr(state, c.func, fn, self.via(via, c), depth + 1)

    @staticmethod
    def via(via: str, c: cst.Call) -> str:
        text = _code(c.func)
        return f"{via} -> {text}" if via else text

    def emit(self, state, api: str, pos_node: cst.CSTNode, call: cst.Call, via: str, conf="high") -> None:
        if api in _NOT_ON_PATH:
            return
        if state.guessed and conf == "high":
            conf = "medium"  # reached through a parameter whose class was inferred from its name
        op = GradOp(api, 0, 0, 0, 0, _literal_args(call), via, conf)
        self.out.append((pos_node, op))
        state.site.ops.append(op)

    def expand_module_expr(self, state, expr, fn: _Fn, via: str, depth: int) -> None:
        """`expr` is called: find what it is (module instance, function, method) and add its ops."""
        if depth > MAX_DEPTH or expr is None:
            return
        key = (id(expr), id(fn))
        if key in state.visiting:
            return
        state.visiting.add(key)
        try:
            self._expand(state, expr, fn, via, depth)
        finally:
            state.visiting.discard(key)

    def _expand(self, state, expr, fn: _Fn, via: str, depth: int) -> None:
        ex = self.ex
        if isinstance(expr, cst.Name):
            name = expr.value
            if name in fn.with_index:
                item, i = fn.with_index[name]
                if isinstance(item, cst.Call) and (ex._ext_path(item.func) or "").endswith("innerloop_ctx"):
                    if i == 0:
                        self.expand_module_expr(state, _arg(item, 0, "model"), fn, via, depth + 1)
                    return
            found = self.lookup_assigns(fn, name)
            if found is not None:
                values, ctx = found
                for v in values:
                    self.expand_value(state, v, ctx, via, depth + 1)
                return
            if self.param_of(fn, name):
                callers = self.caller_args(fn, name)
                if not callers:
                    cls = self.guess_class(name)
                    if cls is None:
                        imported = self.guess_imported_class(name)
                        if imported is not None:  # `from .models import Critic` and `def gp(critic, x)`
                            state.guessed += 1
                            try:
                                self.project_hit(state, self.project_binding(imported)[1], "instance",
                                                 via, f"{name} -> {imported}", f"{name}: a parameter never bound in this file, "
                                                 f"taken to be the imported {imported}")
                            finally:
                                state.guessed -= 1
                            return
                        self.unresolved(state, f"{name} (parameter of {fn.qual}, no call in this file)")
                        return
                    state.guessed += 1
                    try:
                        step = f"{name}: a parameter never bound in this file, taken to be its {cls.name}"
                        self.expand_class(state, cls, f"{via} [{step[len(name) + 2:]}]" if via.endswith(name)
                                          else _join(via, step), depth + 1)
                    finally:
                        state.guessed -= 1
                for arg, caller_fn in callers:
                    self.expand_module_expr(state, arg, caller_fn, via, depth + 1)
                return
            d = self.lookup_def(fn, name)
            if d is not None:
                self.expand_fn(state, d, _join(via, d.qual), depth + 1)
                return
            if name in ex._classes or name in BUILTIN_NON_TENSOR or name == "super":
                return
            proj = self.project_binding(name)
            if proj is not None and proj[0] == PROJECT:  # `from .losses import penalty_helper`
                self.project_hit(state, proj[1], "call", via, name)
                return
            if name in ex._ext_imports and ex._ext_imports[name].split(".")[0] not in NON_TORCH_MODULES:
                self.unresolved(state, f"{name} (imported from {ex._ext_imports[name]})")
                return
            return
        if isinstance(expr, cst.Attribute):
            owner = expr.value
            attr = expr.attr.value
            if attr == "forward" or attr in MODULE_METHODS_RETURNING_MODULE or attr == "module":
                self.expand_module_expr(state, owner, fn, via, depth + 1)
                return
            named = self.names_class(owner.value, fn) if isinstance(owner, cst.Name) else None
            if named is not None and attr in named.methods and self.class_method(named.methods[attr]):
                self.expand_fn(state, named.methods[attr], _join(via, f"{named.name}.{attr}"), depth + 1)
                return
            cls = self.class_of(owner, fn)
            if cls is not None:
                if attr in cls.methods:
                    self.expand_fn(state, cls.methods[attr], _join(via, f"{cls.name}.{attr}"), depth + 1)
                elif attr in cls.attrs:
                    for v, ctx in cls.attrs[attr]:
                        self.expand_value(state, v, ctx, f"{via}", depth + 1)
                return
            target = self.project_target(expr, fn)
            if target is not None:  # `models.inner_net(x)` with `from pkg import models` / `import pkg.models as m`
                self.project_hit(state, target, "call", via, _code(expr))
                return
            if isinstance(owner, cst.Name) and owner.value in ex._ext_imports and \
                    ex._ext_imports[owner.value].split(".")[0] not in NON_TORCH_MODULES:  # math.sqrt: a scalar
                self.unresolved(state, f"{_code(expr)} (third-party)")
            return
        if isinstance(expr, cst.Subscript):  # self.blocks[i](x)
            self.expand_module_expr(state, expr.value, fn, via, depth + 1)
            return
        if isinstance(expr, cst.Lambda):
            state.any_path = True
            for c in calls_in(expr.body):
                self.call_ops(state, c, fn, via, depth + 1)
            return
        if isinstance(expr, cst.Call):  # `Critic().to(device)` reached through a method chain
            self.expand_value(state, expr, fn, via, depth + 1)
            return
        self.unresolved(state, _code(expr))

    def expand_value(self, state, v, ctx: _Fn, via: str, depth: int) -> None:
        """A value assigned to a name that is later called: a module constructor, an alias, a container."""
        if depth > MAX_DEPTH:
            return
        ex = self.ex
        if isinstance(v, cst.Call) and _unchain(v) is not v:  # `Critic().to(device)`: the module itself
            self.expand_value(state, _unchain(v), ctx, via, depth + 1)
            return
        if isinstance(v, cst.Call):
            api = self.torch_api(v)
            if api is not None:
                if api in _CONTAINERS or api in _WRAPPERS:
                    for a in v.args:
                        self.expand_element(state, a.value, ctx, via, depth + 1)
                    return
                if self.kind(api) == "nn_module":
                    self.emit(state, api, v, v, via)
                    return
                if api in _FUNCTIONAL_CALL or api.startswith("torch.func."):
                    return
                self.unresolved(state, _code(v))
                return
            ext = ex._ext_path(v.func) or ""
            if isinstance(v.func, cst.Name) and v.func.value in ex._classes:
                self.expand_class(state, ex._classes[v.func.value], via, depth + 1)
                return
            if ext.startswith("learn2learn") or ext in _COPY_LIKE or dotted_name(v.func) in _COPY_LIKE:
                if v.args:
                    self.expand_module_expr(state, v.args[0].value, ctx, via, depth + 1)
                return
            if isinstance(v.func, cst.Attribute) and (v.func.attr.value in MODULE_METHODS_RETURNING_MODULE
                                                      or v.func.attr.value == "clone"):
                self.expand_module_expr(state, v.func.value, ctx, via, depth + 1)
                return
            if isinstance(v.func, cst.Name):
                d = self.lookup_def(ctx, v.func.value)
                if d is not None:  # a factory function: what it returns
                    self.expand_returns(state, d, via, depth + 1)
                    return
            target = self.project_target(v.func, ctx)
            if target is not None:  # `Critic()` with `from .models import Critic`, `m.make_critic()` ...
                self.project_hit(state, target, "instance", via, _code(v.func))
                return
            self.unresolved(state, _code(v))
            return
        if isinstance(v, (cst.Name, cst.Attribute, cst.Subscript)):
            self.expand_module_expr(state, v, ctx, via, depth + 1)
            return
        if isinstance(v, (cst.List, cst.Tuple)):
            for el in v.elements:
                self.expand_element(state, el.value, ctx, via, depth + 1)
            return
        if isinstance(v, (cst.ListComp, cst.GeneratorExp)):
            self.expand_element(state, v.elt, ctx, via, depth + 1)
            return
        if isinstance(v, cst.Lambda):
            self.expand_module_expr(state, v, ctx, via, depth + 1)

    def expand_element(self, state, e, ctx, via, depth) -> None:
        if isinstance(e, cst.StarredElement):
            e = e.value
        if isinstance(e, cst.Call) or isinstance(e, (cst.List, cst.Tuple, cst.ListComp, cst.GeneratorExp)):
            self.expand_value(state, e, ctx, via, depth)
        elif isinstance(e, (cst.Name, cst.Attribute, cst.Subscript)):
            self.expand_module_expr(state, e, ctx, via, depth)
        elif isinstance(e, cst.Dict):
            for el in e.elements:
                if isinstance(el, cst.DictElement):
                    self.expand_element(state, el.value, ctx, via, depth)

    def expand_class(self, state, cls: _Cls, via: str, depth: int) -> None:
        key = ("class", cls.name)
        if key in state.visiting:
            return
        state.visiting.add(key)
        try:
            fwd = cls.methods.get("forward") or cls.methods.get("__call__")
            if fwd is None:
                if self.sequential_class(cls):  # `class ConvLayer(nn.Sequential)`: its forward runs its layers
                    self.expand_sequential(state, cls, _join(via, cls.name), depth + 1)
                    return
                self.unresolved(state, f"{cls.name} (no forward in this file)")
                return
            self.expand_fn(state, fwd, _join(via, f"{cls.name}.forward"), depth + 1)
        finally:
            state.visiting.discard(key)

    def sequential_class(self, cls: _Cls, seen: tuple = ()) -> bool:
        """A class without forward of its own that derives (here or through the file's classes) from
        nn.Sequential, whose forward applies the layers given to its constructor in turn."""
        if "forward" in cls.methods or "__call__" in cls.methods:
            return False
        if "torch.nn.Sequential" in cls.torch_bases:
            return True
        classes = self.ex._classes
        return any(b in classes and b not in seen and self.sequential_class(classes[b], (*seen, b))
                   for b in cls.bases)

    def expand_sequential(self, state, cls: _Cls, via: str, depth: int) -> None:
        """The layers an nn.Sequential subclass holds: the arguments of `super().__init__(*layers)` (or
        `nn.Sequential.__init__(self, ...)`, an OrderedDict of them) and `self.add_module`/`self.append`
        calls in its __init__ (or an in-file base's __init__)."""
        state.any_path = True
        classes = self.ex._classes
        chain, todo = [], [cls]
        while todo:
            c = todo.pop(0)
            if c in chain:
                continue
            chain.append(c)
            todo.extend(classes[b] for b in c.bases if b in classes)
        for c in chain:
            init = c.methods.get("__init__")
            if init is None:
                continue
            for call in init.calls:
                for arg in self.sequential_layer_args(call, init):
                    self.expand_layer_arg(state, arg, init, via, depth + 1)

    def sequential_layer_args(self, call: cst.Call, init: _Fn) -> list[cst.BaseExpression]:
        func = call.func
        if not isinstance(func, cst.Attribute):
            return []
        attr, owner = func.attr.value, func.value
        args = [a.value for a in call.args if a.keyword is None]
        if attr == "__init__":
            if isinstance(owner, cst.Call) and dotted_name(owner.func) == "super":
                return args
            path = self.ex.resolve_path(owner) if dotted_name(owner) is not None else None
            if path is not None and self.ex.canonical(path) == "torch.nn.Sequential":
                return args[1:]  # nn.Sequential.__init__(self, *layers)
            return []
        if isinstance(owner, cst.Name) and owner.value == init.self_name:
            if attr == "add_module":
                layer = _arg(call, 1, "module")
                return [layer] if layer is not None else []
            if attr in ("append", "extend", "insert"):
                return args[-1:]
        return []

    def expand_layer_arg(self, state, arg, ctx: _Fn, via: str, depth: int) -> None:
        if isinstance(arg, cst.Call) and (dotted_name(arg.func) or "").rpartition(".")[2] in ("OrderedDict", "dict"):
            for a in arg.args:  # OrderedDict([("conv", nn.Conv2d(...)), ...])
                self.expand_element(state, a.value, ctx, via, depth)
            return
        self.expand_element(state, arg, ctx, via, depth)

    def expand_fn(self, state, f: _Fn, via: str, depth: int) -> None:
        key = ("fn", id(f))
        if key in state.visiting or depth > MAX_DEPTH:
            return
        state.visiting.add(key)
        state.any_path = True
        try:
            for c in f.calls:
                self.call_ops(state, c, f, via, depth + 1)
        finally:
            state.visiting.discard(key)

    def expand_returns(self, state, f: _Fn, via: str, depth: int) -> None:
        for node in _walk(f.node.body):
            if isinstance(node, cst.Return) and node.value is not None:
                self.expand_value(state, node.value, f, via, depth + 1)

    def expand_callable(self, state, f_expr, fn: _Fn, kind: str) -> None:
        if f_expr is None:
            state.site.resolved, state.site.reason = False, "no function given"
            return
        state.any_path = True
        self.expand_module_expr(state, f_expr, fn, "", 0)

    def class_of(self, owner, fn: _Fn) -> _Cls | None:
        """The file's class an expression is an instance of (self, or a name bound to Cls(...))."""
        if isinstance(owner, cst.Name):
            f = fn
            while f is not None:  # `self` of the enclosing method, also inside a nested def
                if f.self_name and owner.value == f.self_name and f.cls is not None:
                    return f.cls
                if owner.value in f.params or owner.value in f.assigns:
                    break
                f = f.parent
            found = self.lookup_assigns(fn, owner.value)
            if found:
                for v in found[0]:
                    cls = self.constructed_class(v)
                    if cls is not None:
                        return cls
        if isinstance(owner, cst.Attribute) and isinstance(owner.value, cst.Name):
            outer = self.class_of(owner.value, fn)
            if outer is not None:
                for v, _ctx in outer.attrs.get(owner.attr.value, ()):
                    cls = self.constructed_class(v)
                    if cls is not None:
                        return cls
        return None

    def constructed_class(self, v) -> _Cls | None:
        """`Critic(...)`, `Critic().to(device).eval()`: the file's class the value is an instance of."""
        v = _unchain(v)
        if isinstance(v, cst.Call) and isinstance(v.func, cst.Name) and v.func.value in self.ex._classes:
            return self.ex._classes[v.func.value]
        return None

    def param_of(self, fn: _Fn, name: str) -> bool:
        f = fn
        while f is not None:
            if name in f.assigns:
                return False
            if name in f.params:
                return True
            f = f.parent
        return False

    def caller_args(self, fn: _Fn, name: str) -> list[tuple[cst.BaseExpression, _Fn]]:
        """One hop of interprocedural binding: the argument given for parameter `name` at calls of fn."""
        owner = fn
        while owner is not None and name not in owner.params:
            owner = owner.parent
        if owner is None:
            return []
        out = []
        for c, f in self.calls_of(owner):
            a = self.param_arg(owner, c, name)
            if a is not None:
                out.append((a, f))
        return out

    @staticmethod
    def param_arg(fn: _Fn, call: cst.Call, name: str) -> cst.BaseExpression | None:
        return _arg(call, fn.params.index(name), name)

    def calls_of(self, owner: _Fn) -> list[tuple[cst.Call, _Fn]]:
        """Calls of a function of this file: `helper(...)` where the name resolves to it, or
        `self.method(...)` from another method of the same class."""
        out = []
        for f in self.all_fns():
            for c in f.calls:
                func = c.func
                if owner.cls is None:
                    if isinstance(func, cst.Name) and func.value == owner.name and \
                            self.lookup_def(f, owner.name) is owner:
                        out.append((c, f))
                elif isinstance(func, cst.Attribute) and func.attr.value == owner.name and \
                        isinstance(func.value, cst.Name) and f.cls is owner.cls and \
                        func.value.value == f.self_name:
                    out.append((c, f))
                elif owner.name == "__init__" and isinstance(func, cst.Name) and func.value == owner.cls.name:
                    out.append((c, f))  # `Sampler(model)` binds __init__'s parameters
                elif isinstance(func, cst.Attribute) and func.attr.value == owner.name and \
                        isinstance(func.value, cst.Name) and self.class_method(owner) and \
                        self.names_class(func.value.value, f) is owner.cls:
                    out.append((c, f))  # `Ops.d(y, x)`: a staticmethod/classmethod called on its class
        return out

    @staticmethod
    def class_method(fn: _Fn) -> bool:
        """A staticmethod or classmethod: called on the class, its parameters (past `cls`) are the arguments."""
        return isinstance(fn.node, cst.FunctionDef) and any(
            dotted_name(d.decorator) in ("staticmethod", "classmethod") for d in fn.node.decorators)

    def names_class(self, name: str, fn: _Fn) -> _Cls | None:
        """The file's class a bare name designates in fn (not shadowed by a local or a parameter)."""
        if name not in self.ex._classes or self.lookup_assigns(fn, name) is not None or self.param_of(fn, name):
            return None
        return self.ex._classes[name]

    # ---------------------------------------------------------------- unbound model parameters
    def module_classes(self) -> dict[str, _Cls]:
        """The file's nn.Module classes that have a forward (their own or a base's in this file)."""
        if self._module_classes is None:
            classes = self.ex._classes

            def has_forward(c: _Cls, seen=()) -> bool:
                return "forward" in c.methods or "torch.nn.Sequential" in c.torch_bases or any(
                    b in classes and b not in seen and has_forward(classes[b], (*seen, b)) for b in c.bases)

            self._module_classes = {n: c for n, c in classes.items()
                                    if c.torch_module in ("yes", "maybe") and has_forward(c)}
        return self._module_classes

    def root_classes(self) -> dict[str, _Cls]:
        """Module classes no other module class builds or subclasses: the file's top-level models."""
        mods = self.module_classes()
        inner = set()
        for other in mods.values():
            inner.update(b for b in other.bases if b in mods)
            for m in other.methods.values():
                for c in m.calls:
                    if isinstance(c.func, cst.Name) and c.func.value in mods and c.func.value != other.name:
                        inner.add(c.func.value)
        return {n: c for n, c in mods.items() if n not in inner}

    def guess_class(self, name: str) -> _Cls | None:
        """A parameter called as a model, never bound in this file: the module class its name designates
        (`critic` -> CondCritic, `netD`/`D` -> Discriminator or a *Critic), or for a generic name
        (`model`, `net`) the file's only top-level model. None unless exactly one class fits."""
        mods = self.module_classes()
        if not mods:
            return None
        same = [c for n, c in mods.items() if n.lower() == name.lower()]
        if len(same) == 1:  # `D` for class D
            return same[0]
        words = set()
        for tok in _name_tokens(name):
            if tok in _ROLE_WORDS:
                words |= _ROLE_WORDS[tok]
            elif len(tok) >= 3 and tok not in _GENERIC_MODEL_WORDS:
                words.add(tok)
        roots = self.root_classes()
        if not words:
            return next(iter(roots.values())) if len(roots) == 1 and _name_tokens(name) else None
        match = {n: c for n, c in mods.items() if any(w in n.lower() for w in words)}
        if len(match) > 1:
            match = {n: c for n, c in match.items() if n in roots}
        return next(iter(match.values())) if len(match) == 1 else None

    def unresolved(self, state, text: str) -> None:
        if text not in state.site.unresolved:
            state.site.unresolved.append(text)

    def project_target(self, expr, fn: _Fn) -> tuple[str, str] | None:
        """The (module, name) a project import designates: `Critic` (`from .models import Critic`), `m.Critic`
        (`import pkg.models as m`), `models.Critic` (`from pkg import models`), `pkg.models.Critic`. None for
        anything else, and for a root name the function binds itself."""
        dotted = dotted_name(expr)
        if dotted is None:
            return None
        root, *parts = dotted.split(".")
        if self.lookup_assigns(fn, root) is not None or self.param_of(fn, root):
            return None
        b = self.project_binding(root)
        if b is None:
            return None
        if b[0] == PROJECT:
            return (b[1][0], b[1][1]) if not parts else None
        if b[0] == PROJMOD and parts:
            module = b[1]
            while len(parts) > 1 and f"{module}.{parts[0]}" in self.ex.project_modules:
                module = f"{module}.{parts.pop(0)}"
            return (module, parts[0]) if len(parts) == 1 else None
        return None

    def project_binding(self, root: str) -> tuple[str, object] | None:
        """(PROJECT, (module, name)) or (PROJMOD, module) for a module-level name bound by a project import.
        An absolute import of a sibling file (`from models import Net`, `import models` in dir/train.py,
        run as a script so its folder is on sys.path) counts when dir/models.py is a scanned module and no
        top-level module of that name is."""
        b = self.ex.scopes.module.names.get(root)
        if b is None:
            return None
        if b.kind in (PROJECT, PROJMOD):
            return b.kind, b.value
        if b.kind == EXTMOD:  # `import models [as m]`
            sib = self.sibling_module(str(b.value))
            return (PROJMOD, sib) if sib is not None else None
        full = self.ex.imported.get(root)
        if b.kind == UNKNOWN and b.imported and full and str(b.value).startswith("from "):  # `from models import N`
            source, _, name = full.rpartition(".")
            sib = self.sibling_module(source)
            if sib is None:
                return None
            sub = f"{sib}.{name}"
            return (PROJMOD, sub) if sub in self.ex.project_modules else (PROJECT, (sib, name))
        return None

    def sibling_module(self, dotted: str) -> str | None:
        ex = self.ex
        mods = ex.project_modules
        if not dotted or not ex.module or dotted in mods or dotted.split(".")[0] in ex.project_tops:
            return None
        parts = ex.module.split(".")
        if not ex.is_package:
            parts = parts[:-1]
        if not parts:
            return None
        cand = ".".join(parts) + "." + dotted
        return cand if cand in mods or any(m.startswith(cand + ".") for m in mods) else None

    def guess_imported_class(self, name: str) -> str | None:
        """As guess_class, among the CapWords names imported from project modules (`from .models import
        Critic, Generator`): the local name of the one class a model parameter's name designates. A generic
        name (`model`) takes the only such import, if there is exactly one."""
        names = {k: b[1] for k in self.ex.scopes.module.names if k[:1].isupper() and k not in self.ex._classes
                 for b in [self.project_binding(k)] if b is not None and b[0] == PROJECT}
        if not names:
            return None
        same = [k for k in names if k.lower() == name.lower()]
        if len(same) == 1:
            return same[0]
        words = set()
        for tok in _name_tokens(name):
            if tok in _ROLE_WORDS:
                words |= _ROLE_WORDS[tok]
            elif len(tok) >= 3 and tok not in _GENERIC_MODEL_WORDS:
                words.add(tok)
        if not words:
            return next(iter(names)) if len(names) == 1 and _name_tokens(name) else None
        match = [k for k in names if any(w in k.lower() for w in words)]
        return match[0] if len(match) == 1 else None

    def project_hit(self, state, target, role: str, via: str, local: str, step: str = "") -> None:
        """A project import on the path: unresolved here, followed across files by ms_scan.project."""
        module, name = target[0], target[1]
        text = f"{local} (defined in project module {module}: not found in the scanned files)"
        self.unresolved(state, text)
        if step:
            via = f"{via} [{step[step.index(':') + 2:]}]" if via.endswith(step.split(':')[0]) else _join(via, step)
        callee = ProjectCallee(module, name, role, via, "medium" if state.guessed else "high", text)
        if callee not in state.site.project:
            state.site.project.append(callee)

    def summaries(self) -> list[tuple[ModelSummary, "_PathState"]]:
        """Per module-level model class (its forward) and function (its body; a factory's returned model)."""
        out = []
        for cls in self.module_classes().values():
            if cls.name in self.ex._classes and self.ex._classes[cls.name] is cls:
                out.append(self._summary(cls.name, "instance", lambda st, c=cls: self.expand_class(st, c, "", 0)))
        top = self.ex._module_fn
        for name, f in top.defs.items():
            out.append(self._summary(name, "call", lambda st, f=f: self.expand_fn(st, f, f.qual, 0)))
            if any(isinstance(n, cst.Return) and n.value is not None for n in _walk(f.node.body)):
                out.append(self._summary(name, "instance", lambda st, f=f: self.expand_returns(st, f, f.qual, 0)))
        for name, values in top.assigns.items():  # `inner_net = nn.Sequential(...)`: a module-level instance
            if "." in name or name in top.defs or name in self.ex._classes or \
                    not any(isinstance(_unchain(v), cst.Call) for v in values):
                continue
            out.append(self._summary(name, "call", lambda st, n=name, vs=values: [
                self.expand_value(st, v, top, n, 0) for v in vs if isinstance(_unchain(v), cst.Call)]))
        return out

    def _summary(self, name: str, role: str, expand) -> tuple[ModelSummary, "_PathState"]:
        site = GradSite("summary", "", 0, 0, 0, 0, "definite", name)
        state = _PathState(site)
        expand(state)
        return ModelSummary(name, role, site.ops, site.project, site.unresolved), state


class _PathState:
    __slots__ = ("site", "visiting", "any_path", "guessed")

    def __init__(self, site: GradSite) -> None:
        self.site = site
        self.visiting: set = set()
        self.any_path = False
        self.guessed = 0  # > 0 while expanding a class inferred for an unbound parameter


# ------------------------------------------------------------------------------------------ helpers
def extract_model_summaries(source: str, module: str = "", is_package: bool = False,
                            project_modules: frozenset[str] = frozenset()) -> tuple[list[ModelSummary], dict]:
    """(summaries, snippets) of a file that other files' second-order sites reach through an import.

    A second, targeted pass (only for such files): the first pass does not build these, because the
    full grad analysis on every file costs about a fifth more visit time."""
    tree = cst.parse_module(source)
    visitor = GradExtractor(load_catalog(), module, is_package, project_modules)
    walk = getattr(visitor, "walk", None)
    walk(tree) if walk is not None else tree.visit(visitor)
    resolver = _Resolver(visitor)
    built = resolver.summaries()
    where = locate(tree, [n for n, _ in resolver.out], text=source, walker=visitor)
    for node, op in resolver.out:
        pos = where.get(id(node))
        if pos is not None:
            op.line, op.column, op.end_line, op.end_column = pos
    lines = source.splitlines()
    out, snippets = [], {}
    for summary, _state in built:
        uniq = {}
        for op in summary.ops:
            uniq.setdefault((op.line, op.column, op.api), op)
        summary.ops = sorted(uniq.values(), key=lambda o: (o.line, o.column, o.api))
        if summary.ops or summary.project or summary.unresolved:
            out.append(summary)
        for op in summary.ops:
            if 0 < op.line <= len(lines):
                snippets[op.line] = lines[op.line - 1].strip()[:200]
    return out, snippets


def extract_grad_facts(source: str, path: str = "x.py", module: str = "") -> GradFacts:
    """Parse `source`, run GradExtractor, and return its second-order sites with positions."""
    tree = cst.parse_module(source)
    visitor = GradExtractor(load_catalog(), module, False)
    tree.visit(visitor)
    nodes = visitor.grad_nodes()
    where = locate(tree, nodes)
    sites = visitor.grad_sites(where)
    lines = source.splitlines()
    facts = GradFacts(path, sites)
    wanted = {s.line for s in sites} | {o.line for s in sites for o in s.ops}
    for line in wanted:
        if 0 < line <= len(lines):
            facts.snippets[line] = lines[line - 1].strip()[:200]
    return facts
