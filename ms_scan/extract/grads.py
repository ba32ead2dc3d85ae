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
ms_scan/project.py joins the two across files. The other direction too: a public function's parameter that
is called as a model, differentiated, holds a grad's input and output, or is its create_graph flag, with no
call in the file, is a ProjectCallee of a caller role; the same pass gives, for a file calling project
functions, what each argument is ("arg"/"lift"/"hold"/"called" summaries). Ops that only compute a grad's
input (`x = self.embed(x)` before `grad(out, x)`) are not on its path.
"""
from __future__ import annotations

import contextlib
import re
import sys
from dataclasses import dataclass, field, replace

import libcst as cst

from ms_scan.extract.catalog import load_catalog
from ms_scan.extract.positions import locate
from ms_scan.extract.receivers import BUILTIN_NON_TENSOR, MODULE_METHODS_RETURNING_MODULE, NON_TORCH_MODULES
from ms_scan.extract.scope import EXTMOD, PROJECT, PROJMOD, UNKNOWN
from ms_scan.extract.visitor import Extractor, dotted_name
from ms_scan.facts import add_snippets

# torch calls that are differentiation machinery, not ops on the path
_AUTOGRAD_PREFIXES = ("torch.autograd.", "torch.func.grad", "torch.func.jacrev", "torch.func.jacfwd",
                      "torch.func.hessian", "torch.func.vjp", "torch.func.jvp", "torch.func.vmap",
                      "torch.func.linearize")
_FUNCTIONAL_CALL = ("torch.func.functional_call", "torch.nn.utils.stateless.functional_call")
_WRAPPERS = ("torch.nn.DataParallel", "torch.nn.parallel.DistributedDataParallel", "torch.compile",
             "torch.jit.script", "torch.jit.trace")
_CONTAINERS = ("torch.nn.Sequential", "torch.nn.ModuleList", "torch.nn.ModuleDict")
_HESSIAN_LIKE = {"torch.autograd.functional.hessian": "hessian", "torch.autograd.functional.hvp": "hvp",
                 "torch.autograd.functional.vhp": "vhp", "torch.func.hessian": "func.hessian"}
_FUNC_TRANSFORMS = ("torch.func.grad", "torch.func.jacrev", "torch.func.jacfwd")
# outer transforms that differentiate the function they are given (`jvp(grad(f), (x,), (v,))`, forward over
# reverse; `vjp(jacrev(f), x)`): nested around one of _FUNC_TRANSFORMS, second order. Not `vmap` (no derivative).
_FUNC_OUTER = _FUNC_TRANSFORMS + ("torch.func.jvp", "torch.func.vjp", "torch.func.linearize",
                                  "torch.func.grad_and_value")
_COPY_LIKE = ("copy.deepcopy", "deepcopy", "copy.copy")
_FUNCTORCH_ALIASES = ("grad", "jacrev", "jacfwd", "hessian", "vmap", "vjp", "jvp", "functional_call",
                      "grad_and_value")
_ELEMENT_OF = ("enumerate", "zip", "reversed", "list", "tuple", "iter", "sorted")  # their values are elements
_LIST_GROWERS = ("append", "extend", "insert", "add_module")
# `model.parameters()`, `[m.weight for m in model.modules() if ...]`: the inputs are model's weights
_PARAMETER_METHODS = ("parameters", "named_parameters", "modules", "named_modules", "children", "named_children")
# calls that create tensors or read metadata: never differentiated, so never on a path
_NOT_ON_PATH = frozenset({
    "torch.randn", "torch.rand", "torch.randint", "torch.zeros", "torch.ones", "torch.empty", "torch.full",
    "torch.arange", "torch.linspace", "torch.tensor", "torch.as_tensor", "torch.ones_like", "torch.zeros_like",
    "torch.randn_like", "torch.rand_like", "torch.empty_like", "torch.full_like", "torch.Tensor.size",
    "torch.Tensor.detach", "torch.Tensor.requires_grad_", "torch.Tensor.dim", "torch.Tensor.numel",
    "torch.Tensor.item", "torch.no_grad", "torch.enable_grad", "torch.triu_indices", "torch.tril_indices",
    "torch.nn.Module.parameters", "torch.nn.Module.named_parameters", "torch.nn.Module.buffers",
    "torch.nn.Module.named_buffers", "torch.jit.is_tracing", "torch.jit.is_scripting", "torch.compiler.is_compiling",
    "torch.is_grad_enabled", "torch.get_default_dtype", "torch.finfo", "torch.iinfo", "torch.is_tensor",
    "torch.is_floating_point", "torch.Tensor.is_floating_point", "torch.Tensor.type_as", "torch.Tensor.to",
    "torch.Tensor.cpu", "torch.Tensor.cuda", "torch.Tensor.contiguous", "torch.Tensor.get_device",
})  # .to / .type_as / .contiguous: a cast or a copy, whose double gradient is the identity
# A grad whose inputs and outputs are a helper's parameters is sliced again in the helper's callers, to any
# depth: each call site is lifted at most once per site (the cycle guard), and at most MAX_LIFTS call sites per
# site are sliced, so the cost stays bounded on big projects with many callers.
# ops whose results are booleans or indices (`mask.all()`, `logits.argmax(-1)`): never differentiated
_NON_DIFFERENTIABLE = frozenset({
    "all", "any", "isnan", "isinf", "isfinite", "isneginf", "isposinf", "argmax", "argmin", "argsort", "eq", "ne",
    "lt", "le", "gt", "ge", "equal", "logical_and", "logical_or", "logical_not", "logical_xor", "bool", "long",
    "int", "signbit", "is_nonzero", "count_nonzero", "bucketize", "searchsorted",
})
MAX_LIFTS = 64
MAX_DEPTH = 400  # recursion steps (about six per nested module); cycles are cut by the visiting sets
MAX_STEPS = 20000  # call expansions per site or summary: a bound on the work, met only by huge graphs
MAX_MEMBER_STEPS = 50000  # call expansions for all member summaries of one file


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
    # set when the name was guessed from a parameter's name: the `unresolved` entry to give instead when the
    # class turns out not to be an nn.Module (or several candidates with this guess are)
    guess: str = ""
    # role "param": a parameter of this file's public function `name` (`Cls` for `Cls.__init__`, `Cls.meth`)
    # that is called as a model but never bound in the file, as "index:param" ("-1:param" keyword-only), or
    # "index:param:attr" when a member of it is called; ms_scan.project follows the arguments other files pass
    param: str = ""
    # the argument slots ("1", "y", comma-joined) of the call that depend on the differentiated inputs, when
    # only some do: the derivative path is the part of the callee's forward those arguments reach ("": all)
    live: str = ""


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

    # grad | backward | hessian | hvp | vhp | jacobian | vjp | jvp | func.hessian | func.<outer>(<inner>) | higher
    # | learn2learn
    kind: str
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


def _iterated_pairs(target: cst.BaseExpression, value: cst.Call) -> list | None:
    """(name, iterable) pairs a tuple target takes from `enumerate(xs)`, `zip(xs, ys)`, `d.items()`: each name is
    an element of its iterable (None for other calls). Indexes and keys are left out."""
    els = [e.value for e in target.elements]
    func, args = value.func, [a.value for a in value.args if a.keyword is None and not a.star]
    if isinstance(func, cst.Name) and func.value == "enumerate" and len(els) == 2 and args:
        return [(els[1], args[0])]
    if isinstance(func, cst.Name) and func.value == "zip" and len(els) == len(args):
        return list(zip(els, args))
    if isinstance(func, cst.Attribute) and func.attr.value == "items" and len(els) == 2 and not args:
        return [(els[1], func.value)]
    return None


def _held_args(v: cst.Call, api: str) -> list:
    """The arguments a container holds (all of them) or a wrapper wraps (its module: the first positional or
    `module=`/`model=`; not `device_ids=[rank]`)."""
    if api in _CONTAINERS:
        return list(v.args)
    pos = [a for a in v.args if a.keyword is None and not a.star]
    return pos[:1] or [a for a in v.args if a.keyword is not None and a.keyword.value in ("module", "model", "obj",
                                                                                             "func")][:1]


def _partial_of(call: cst.Call) -> str | None:
    """The function name `partial(f, ...)` / `functools.partial(f, ...)` binds arguments of, else None."""
    if dotted_name(call.func) in ("partial", "functools.partial") and call.args and call.args[0].keyword is None \
            and isinstance(call.args[0].value, cst.Name):
        return call.args[0].value.value
    return None


def _values_of(node: cst.BaseExpression) -> cst.BaseExpression | None:
    """`OPS.values()` -> `OPS` (a loop over it takes every value the table holds); None for anything else."""
    if isinstance(node, cst.Call) and not node.args and isinstance(node.func, cst.Attribute) and \
            node.func.attr.value == "values":
        return node.func.value
    return None


def _subscript_key(node: cst.Subscript) -> str | None:
    """The literal string key of `d["k"]`, else None."""
    if len(node.slice) == 1 and isinstance(node.slice[0].slice, cst.Index):
        v = _literal(node.slice[0].slice.value)
        return v if isinstance(v, str) else None
    return None


def _attr_name(node: cst.BaseExpression) -> str | None:
    """An attribute name given as a string: "critic" -> critic, f"layer{i}" -> layer* (its literal prefix)."""
    v = _literal(node)
    if isinstance(v, str):
        return v if v.isidentifier() else None
    if isinstance(node, cst.FormattedString) and node.parts and isinstance(node.parts[0], cst.FormattedStringText):
        prefix = node.parts[0].value
        return prefix + "*" if prefix.isidentifier() else None
    return None


# a model parameter's name -> words one of the file's class names must contain (GAN roles);
# generic names (`model`, `net`) designate the file's only top-level model
_ROLE_WORDS = {
    "d": {"disc", "critic"}, "disc": {"disc", "critic"}, "discriminator": {"disc", "critic"},
    "critic": {"critic", "disc"}, "g": {"gen"}, "gen": {"gen"}, "generator": {"gen"},
}
_GENERIC_MODEL_WORDS = frozenset({"model", "net", "network", "module", "mdl", "m", "f", "fn", "the", "my"})


def _is_property(node) -> bool:
    """A method decorated `@property` / `@functools.cached_property`: reading it gives what it returns."""
    return isinstance(node, cst.FunctionDef) and any(
        (dotted_name(d.decorator) or "").rpartition(".")[2] in ("property", "cached_property")
        for d in node.decorators)


def _live_text(live: frozenset | None) -> str:
    """ProjectCallee.live of a call's live argument slots ("" when all are)."""
    return ",".join(sorted(live)) if live else ""


def _name_tokens(name: str) -> list[str]:
    """`netD` -> [net, d], `critic_model` -> [critic, model], `D` -> [d]."""
    spaced = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", name)
    return [t.lower() for t in spaced.split("_") if t and not t.isdigit()]


def _role_words(name: str) -> set[str]:
    """What a model variable's name says its class is called: role words (`D` -> discriminator/critic
    spellings) and the name's own tokens of three letters or more, generic model words left out."""
    words: set[str] = set()
    for tok in _name_tokens(name):
        if tok in _ROLE_WORDS:
            words |= _ROLE_WORDS[tok]
        elif len(tok) >= 3 and tok not in _GENERIC_MODEL_WORDS:
            words.add(tok)
    return words


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
        # first-order backward/grad calls, (call, fn, kind, api): second order when what they differentiate is
        # computed by a torch.func transform (`loss = f(x) + grad(g)(w).pow(2).sum(); loss.backward()`)
        self._first_order: list[tuple] = []
        self._transforms = 0  # calls of torch.func.grad/jacrev/jacfwd in the file (no transform, no such site)
        self._diffopts: dict[int, set[str]] = {}  # id(fn) -> names bound to higher's diffopt
        self._built: list[tuple[cst.CSTNode, object]] | None = None
        self._lambda_names: dict[int, str] = {}  # id(lambda) -> the name `d = lambda y, x: ...` binds
        self._keyed: dict[int, str] = {}  # id(value) -> the literal key of `d["k"] = value`
        self._unpacked: dict[int, dict[str, int]] = {}  # id(call) -> {name: index} of `a, b = call(...)`

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
            if isinstance(target, (cst.Tuple, cst.List)) and isinstance(value, cst.Call):
                pairs = _iterated_pairs(target, value)
                if pairs is not None:  # `for i, blk in enumerate(self.blocks)`: blk is an element of self.blocks
                    for t, v in pairs:
                        self._record_assign([t], v)
                    continue
            if isinstance(target, cst.Subscript):  # `self.nets["D"] = Disc()`: held under key "D"
                key = _subscript_key(target)
                if key is not None:
                    self._keyed[id(value)] = key
            for name in _target_names(target):
                fn.assigns.setdefault(name, []).append(value)
                if fn.cls is not None and fn.self_name and name.startswith(fn.self_name + "."):
                    fn.cls.attrs.setdefault(name.split(".", 1)[1], []).append((value, fn))

    def _record_setattr(self, node: cst.Call, fn: _Fn) -> None:
        """`setattr(self, "critic", m)`, `setattr(self, f"layer{i}", m)`, `self.add_module("head", m)`: an
        attribute of the class (a computed name is held as its literal prefix + "*")."""
        func = node.func
        if isinstance(func, cst.Name) and func.value == "setattr" and len(node.args) == 3:
            owner, name, value = (a.value for a in node.args)
        elif isinstance(func, cst.Attribute) and func.attr.value == "add_module" and len(node.args) == 2:
            owner, (name, value) = func.value, (a.value for a in node.args)
        else:
            return
        if fn.cls is None or not fn.self_name or not isinstance(owner, cst.Name) or owner.value != fn.self_name:
            return
        attr = _attr_name(name)
        if attr is not None:
            fn.assigns.setdefault(f"{fn.self_name}.{attr}", []).append(value)
            fn.cls.attrs.setdefault(attr, []).append((value, fn))

    def leave_Assign(self, node: cst.Assign) -> None:
        super().leave_Assign(node)
        self._record_assign([t.target for t in node.targets], node.value)
        for t in node.targets:  # `energy, aux = model(x)`: which returned element each name holds
            if isinstance(t.target, (cst.Tuple, cst.List)) and isinstance(node.value, cst.Call) and \
                    all(isinstance(el, cst.Element) for el in t.target.elements):
                self._unpacked[id(node.value)] = {el.value.value: i for i, el in enumerate(t.target.elements)
                                                  if isinstance(el.value, cst.Name)}

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
        if api is None and dotted_name(func) is not None:
            ext = self._ext_path(func) or ""  # functorch's transforms are torch.func's (`functorch.hessian`)
            if ext.startswith("functorch.") and ext.rpartition(".")[2] in _FUNCTORCH_ALIASES:
                api = "torch.func." + ext.rpartition(".")[2]
        if api is not None:
            self._callee_api[id(node)] = api
        if isinstance(func, cst.Attribute) and func.attr.value in _LIST_GROWERS and \
                (api is None or api.startswith(_CONTAINERS) or api == "torch.nn.Module.add_module") and \
                (isinstance(func.value, cst.Name) or fn.self_name and _target_names(func.value) and
                 _target_names(func.value)[0].startswith(fn.self_name + ".")):
            # `layers.append(m)`, `self.blocks.append(Block(w))` in a loop: the container holds m
            for a in node.args:
                self._record_assign([func.value], a.value)
        self._record_setattr(node, fn)
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
        if api in _FUNC_TRANSFORMS:
            self._transforms += 1
        if api == "torch.autograd.grad":
            cert = self._create_graph(node)
            if cert:
                self._raw_sites.append((node, fn, "grad", api, cert, None))
            else:
                self._first_order.append((node, fn, "grad", api))
        elif api == "torch.autograd.backward":
            cert = self._create_graph(node)
            if cert:
                self._raw_sites.append((node, fn, "backward", api, cert, None))
            else:
                self._first_order.append((node, fn, "backward", api))
        elif api in _HESSIAN_LIKE:
            self._raw_sites.append((node, fn, _HESSIAN_LIKE[api], api, "definite", None))
        elif api in ("torch.autograd.functional.jacobian", "torch.autograd.functional.vjp",
                     "torch.autograd.functional.jvp"):
            cert = self._create_graph(node)
            if cert:
                self._raw_sites.append((node, fn, api.rpartition(".")[2], api, cert, None))
        elif api in _FUNC_OUTER and node.args:
            arg = node.args[0].value
            if isinstance(arg, cst.Name):  # `du = grad(u); d2u = jacfwd(du)`: the transform bound to a name
                arg = next((v for v in self._bound_values(fn, arg.value) if isinstance(v, cst.Call) and
                            self._callee_api.get(id(v)) in _FUNC_TRANSFORMS), arg)
            inner = self._callee_api.get(id(arg)) if isinstance(arg, cst.Call) else None
            if inner in _FUNC_TRANSFORMS:
                kind = f"func.{api.rpartition('.')[2]}({inner.rpartition('.')[2]})"
                self._raw_sites.append((node, fn, kind, api, "definite", arg))
        elif api is None and isinstance(func, cst.Attribute):
            meth = func.attr.value
            if meth in ("backward", "manual_backward"):
                cert = self._create_graph(node)
                if cert:
                    runner = self._backward_runner(func.value, meth, fn) if node.args and \
                        node.args[0].keyword is None else None
                    # `accelerator.backward(loss, create_graph=True)`, Lightning's `self.manual_backward(loss, ...)`:
                    # the loss is the first argument, not the receiver
                    self._raw_sites.append((node, fn, "backward", runner or "torch.Tensor.backward", cert, None))
                elif meth == "backward" and not (node.args and node.args[0].keyword is None and
                                                 self._backward_runner(func.value, meth, fn)):
                    self._first_order.append((node, fn, "backward", "torch.Tensor.backward"))
            elif meth == "step" and isinstance(func.value, cst.Name) and \
                    func.value.value in self._diffopts.get(id(fn), ()):
                self._raw_sites.append((node, fn, "higher", "higher.DifferentiableOptimizer.step",
                                        "definite", None))
            elif meth == "adapt" and any(v.startswith("learn2learn") for v in self._ext_imports.values()):
                self._pending_adapt.append((node, fn))

    def _backward_runner(self, receiver, meth: str, fn: _Fn) -> str | None:
        """The API name of a training framework's backward that takes the loss as its first argument
        (`self.manual_backward`, `accelerator.backward`, `fabric.backward`), else None (a tensor's backward)."""
        if meth == "manual_backward":
            return "lightning.LightningModule.manual_backward"
        if not isinstance(receiver, cst.Name):
            return None
        name = receiver.value
        if fn.self_name and name == fn.self_name:
            return f"{fn.cls.name}.backward" if fn.cls is not None else None
        for v in self._bound_values(fn, name):
            if isinstance(v, cst.Call):
                ext = self._ext_path(v.func) or ""
                if ext.split(".")[0] in ("accelerate", "lightning", "pytorch_lightning", "deepspeed"):
                    return f"{ext}.backward"
        return f"{name}.backward" if name.lower() in ("accelerator", "fabric", "engine", "model_engine") else None

    @staticmethod
    def _bound_values(fn: _Fn, name: str) -> list:
        """The values assigned so far to `name` in fn or an enclosing function (during the pass)."""
        f = fn
        while f is not None:
            if name in f.assigns:
                return f.assigns[name]
            if name in f.params:
                return []
            f = f.parent
        return []

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
        self._calls_by_name: dict[str, list] | None = None
        self._code_of: dict[int, str] = {}  # id(node) -> its code, for `via` texts
        self._owner_memo: dict[tuple, set] = {}  # owner_params, per (function, input parameters)
        self._param_methods: frozenset | None = None

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
        with _stack_room():
            return self._run()

    def _run(self) -> list[tuple[cst.CSTNode, object]]:
        raw = list(self.ex._raw_sites)
        for call, fn in self.ex._pending_adapt:
            cert = self.l2l_certainty(call.func.value, fn, 0)
            if cert:
                raw.append((call, fn, "learn2learn", "learn2learn.algorithms.MAML.adapt", cert, None))
        for call, fn, kind, api, cert, extra in raw:
            if cert == "possible" and _kw(call, "create_graph") is not None:
                values = self.literal_values(_kw(call, "create_graph"), fn, 0)
                if values is not None and not any(values):
                    continue  # `create_graph=self.keep` with keep only ever False: first order
                if values is not None and all(values):
                    cert = "definite"
            site = GradSite(kind, api, 0, 0, 0, 0, cert, fn.qual)
            flag = self.flag_callee(_kw(call, "create_graph"), fn) if cert == "possible" else None
            if flag is not None:  # decided by the other files' calls of the helper (ms_scan.project)
                site.project.append(flag)
            self.out.append((call, site))
            self.site_path(site, call, fn, kind, extra)
        if self.ex._transforms:
            nested = {id(extra) for *_, extra in raw if extra is not None}
            for call, fn, kind, api in self.ex._first_order:
                self.through_transform(call, fn, kind, api, nested)
        return self.out

    def through_transform(self, call: cst.Call, fn: _Fn, kind: str, api: str, nested: set) -> None:
        """A first-order backward/grad of a value computed by a torch.func transform's result (a gradient-norm
        penalty from `vmap(grad(loss_fn))(params, x)`, the transform bound to a name, made by a local factory or
        held by `self`): the function the transform differentiates is differentiated twice. A site of kind
        `backward(func.grad)` at the backward, whose path is that function's body."""
        out = call.func.value if api == "torch.Tensor.backward" else \
            _arg(call, 0, "outputs" if kind == "grad" else "tensors")
        if out is None:
            return
        exprs, back = [out], set(refs(out))
        work = list(back)
        while work:
            found = self.lookup_assigns(fn, work.pop())
            for v in found[0] if found is not None else ():
                exprs.append(v)
                for r in refs(v) - back:
                    back.add(r)
                    work.append(r)
        done = set()
        for e in exprs:
            for c in calls_in(e):
                hit = self.transform_of(c.func, fn, 0)
                if hit is None or id(hit[0]) in done or id(hit[0]) in nested:
                    continue
                done.add(id(hit[0]))
                t, ctx = hit
                inner = self.ex._callee_api.get(id(t), "").rpartition(".")[2]
                site = GradSite(f"{'grad' if kind == 'grad' else 'backward'}(func.{inner})", api, 0, 0, 0, 0,
                                "definite", fn.qual)
                self.out.append((call, site))
                self.site_path(site, call, ctx, "func.", t)

    def transform_of(self, expr, fn: _Fn, depth: int) -> tuple[cst.Call, _Fn] | None:
        """The torch.func.grad/jacrev/jacfwd call (and the function it is written in) whose result `expr` is,
        through vmap, names, `self.attr`, and the returns of the file's functions (`make_grad_fn(model)`)."""
        if depth > 6 or expr is None:
            return None
        if isinstance(expr, cst.Call):
            capi = self.ex._callee_api.get(id(expr))
            if capi in _FUNC_TRANSFORMS:
                return expr, fn
            if capi == "torch.func.vmap":
                return self.transform_of(_arg(expr, 0, "func"), fn, depth + 1)
            if capi is None and isinstance(expr.func, cst.Name):
                d = self.lookup_def(fn, expr.func.value) if self.lookup_assigns(fn, expr.func.value) is None \
                    else None
                for node in _walk(d.node.body) if d is not None else ():
                    if isinstance(node, cst.Return) and node.value is not None:
                        hit = self.transform_of(node.value, d, depth + 1)
                        if hit is not None:
                            return hit
            return None
        if isinstance(expr, cst.Name):
            found = self.lookup_assigns(fn, expr.value)
            for v in found[0] if found is not None else ():
                hit = self.transform_of(v, found[1], depth + 1)
                if hit is not None:
                    return hit
            return None
        if isinstance(expr, cst.Attribute):
            cls = self.class_of(expr.value, fn)
            for v, ctx in cls.attrs.get(expr.attr.value, ()) if cls is not None else ():
                hit = self.transform_of(v, ctx, depth + 1)
                if hit is not None:
                    return hit
        return None

    def flag_callee(self, expr, fn: _Fn) -> ProjectCallee | None:
        """`create_graph=create_graph`, a parameter of a public helper no call in this file binds: a "flag"
        ProjectCallee ("index:name:default") whose value ms_scan.project reads at the other files' calls."""
        if not isinstance(expr, cst.Name) or self.lookup_assigns(fn, expr.value) is not None or \
                not self.param_of(fn, expr.value):
            return None
        owner = self.param_owner(fn, expr.value)
        found = self.callee_target(owner, expr.value)
        if found is None or self.calls_of(owner):
            return None
        target, index = found
        default = next((p.default for p in (*owner.node.params.params, *owner.node.params.kwonly_params,
                                             *owner.node.params.posonly_params) if p.name.value == expr.value), None)
        lit = _literal(default) if default is not None else ""
        if lit is not _NOLIT and lit not in (True, False, None, ""):
            return None
        return ProjectCallee(self.ex.module, target, "flag", "", "high", "", "",
                             f"{index}:{expr.value}:{'' if lit is _NOLIT else lit}")

    def callee_target(self, owner: _Fn, name: str) -> tuple[str, int] | None:
        """(name other files call `owner` by: `f`, `Cls` for `Cls.__init__`, `Cls.meth`; the parameter's
        position, -1 keyword-only), for a module-level function or a method of a module-level class."""
        if not self.ex.module or not isinstance(owner.node, cst.FunctionDef) or name not in owner.params:
            return None
        if owner.cls is None:
            if owner.parent is not self.ex._module_fn:
                return None
            target = owner.name
        elif self.ex._classes.get(owner.cls.name) is owner.cls and owner.cls.name in self.ex.class_decls:
            target = owner.cls.name if owner.name == "__init__" else f"{owner.cls.name}.{owner.name}"
        else:
            return None
        kwonly = {p.name.value for p in owner.node.params.kwonly_params}
        return target, -1 if name in kwonly else owner.params.index(name)

    def literal_values(self, expr, fn: _Fn, depth: int) -> set | None:
        """The truth values a create_graph expression can take, from literals it is bound to: a local, a
        parameter (its default and the literal arguments of every call in this file; unknown with no call),
        `self.flag` (every assignment in the class), `not x`. None when any binding is not a literal."""
        if depth > 6:
            return None
        lit = _literal(expr)
        if lit is not _NOLIT:
            return {bool(lit)}
        if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Not):
            inner = self.literal_values(expr.expression, fn, depth + 1)
            return None if inner is None else {not v for v in inner}
        if isinstance(expr, cst.Name):
            found = self.lookup_assigns(fn, expr.value)
            if found is not None:
                return self._union(self.literal_values(v, found[1], depth + 1) for v in found[0])
            if not self.param_of(fn, expr.value):
                return None
            owner = self.param_owner(fn, expr.value)
            calls = self.calls_of(owner)
            if not calls or not isinstance(owner.node, cst.FunctionDef):
                return None
            default = next((p.default for p in (*owner.node.params.params, *owner.node.params.kwonly_params,
                                                 *owner.node.params.posonly_params)
                            if p.name.value == expr.value), None)
            outs = []
            if not owner.name.startswith("_") and (owner.parent is None or owner.parent is self.ex._module_fn
                                                   or owner.cls is not None):
                # a public function or method may be called from other files too, with its default
                outs.append(self.literal_values(default, owner, depth + 1) if default is not None else None)
            for call, caller in calls:
                arg = self.param_arg(owner, call, expr.value)
                if arg is None and any(a.star for a in call.args):
                    return None  # `f(*args, **kw)`: not known
                outs.append(self.literal_values(arg, caller, depth + 1) if arg is not None else
                            self.literal_values(default, owner, depth + 1) if default is not None else None)
            return self._union(outs)
        if isinstance(expr, cst.Attribute) and isinstance(expr.value, cst.Name):
            cls = self.class_of(expr.value, fn)
            if cls is None or expr.attr.value == "training":
                return None
            _, values = self.class_members(cls, expr.attr.value)
            return self._union(self.literal_values(v, ctx, depth + 1) for v, ctx in values) if values else None
        return None

    @staticmethod
    def _union(parts) -> set | None:
        out = set()
        for p in parts:
            if p is None:
                return None
            out |= p
        return out or None

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
        holders: set = set()
        reach = None
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
            fwd |= self.owner_params(fn, fwd)
            held, holders = self.input_holders(fn, fwd, inputs)
            changed = True
            assigns = self.visible_assigns(fn)
            while changed:
                changed = False
                for name, values in assigns.items():
                    if name not in fwd and any(refs(v) & fwd for v in values):
                        fwd.add(name)
                        changed = True
            reach = set(fwd)  # what depends on the inputs; a container holding them does not spread to its other reads
            fwd |= held
            shared = fwd & back
            if not shared:
                if not self.lift(state, fn, back, fwd, hops):
                    state.site.reason = state.site.reason or \
                        "the grad inputs do not reach its outputs within " + fn.qual
                return
            linked = {n for n in held & self.back_names(fn, outputs, reach - held)
                      if n in fn.params and n not in fn.assigns}
            if linked:  # `def sdf_loss(out): x = out["x"]; grad(out["y"], x)`: the callers compute what links them
                self.lift(state, fn, linked, linked, hops, "hold")
            free = {p for p in fn.params if p in back and p not in fwd and p not in fn.assigns} - self.called(fn)
            if free and any(p in fwd and p not in fn.assigns for p in fn.params):
                # `def laplace(y, x): return div(grad(y, x), x)`: y is a tensor the callers compute, maybe from x
                self.lift(state, fn, free, fwd, hops, quiet=True)
        state.any_path = True
        seen = set(self.input_definitions(fn, inputs, reach)) if inputs is not None else set()
        for e in exprs:
            if id(e) in seen:
                continue
            for c in calls_in(e):
                if id(c) in seen:
                    continue
                seen.add(id(c))
                if reach is not None and not (refs(c) & reach) and id(c) not in holders:
                    continue
                live = self.live_slots(c, reach) if reach is not None and id(c) not in holders else None
                self.call_ops(state, c, fn, "", 0, self.used_outputs(c, back, live))

    def live_slots(self, c: cst.Call, reach: set) -> frozenset | None:
        """The argument slots ("0", "1", ... or the keyword) of a call that read a name in `reach` (what depends
        on the differentiated inputs), when only some do: `net(u, y)` with y differentiated is on the path
        through y only, so only the part of net's forward that y reaches is (Resolver.sliced_calls). None when
        the callee itself depends on them (a model whose weights are the inputs), or all or no slot is live,
        or a starred argument carries them."""
        if refs(c.func) & reach:
            return None
        live, slots, pos = set(), 0, 0
        for a in c.args:
            hit = bool(refs(a.value) & reach)
            if a.star or (a.keyword is None and pos < 0):
                if hit:
                    return None
                pos = -1  # `f(*args, x)`: the positions after it are not known
                continue
            slots += 1
            if hit:
                live.add(a.keyword.value if a.keyword is not None else str(pos))
            pos += a.keyword is None
        return frozenset(live) if live and len(live) < slots else None

    def used_outputs(self, c: cst.Call, back: set, live: frozenset | None) -> frozenset | None:
        """`live` plus ">k" for the one returned element of `c` the derivative path reads, when its result is
        unpacked (`energy, aux = model(z, pos)` with only energy differentiated): the part of the callee that
        computes aux is not on the path (Resolver.output_calls)."""
        names = self.ex._unpacked.get(id(c))
        used = {i for n, i in names.items() if n in back} if names else ()
        if len(used) != 1 or len(names) < 2:
            return live
        return (live or frozenset()) | {f">{used.pop()}"}

    def output_calls(self, f: _Fn, live: frozenset | None) -> set | None:
        """ids of the calls of f's body that compute the returned element ">k" of `live` asks for (every return
        a tuple display); None when no element is asked for or a return is not such a tuple."""
        outs = [int(t[1:]) for t in live or () if t.startswith(">")]
        returns = [n.value for n in _walk(f.node.body) if isinstance(n, cst.Return)] if len(outs) == 1 else []
        if not returns or not all(isinstance(r, cst.Tuple) and len(r.elements) > outs[0] for r in returns):
            return None
        picked = [r.elements[outs[0]].value for r in returns]
        exprs = list(picked)
        for name in self.back_names(f, picked, set()):
            found = self.lookup_assigns(f, name)
            exprs += found[0] if found is not None else []
        return {id(c) for e in exprs for c in calls_in(e)}

    def back_names(self, fn: _Fn, outputs: list, stop: set) -> set:
        """Names the outputs are computed from, not looking through the names in `stop` (the inputs)."""
        back = set().union(*(refs(o) for o in outputs)) - stop
        work = list(back)
        while work:
            found = self.lookup_assigns(fn, work.pop())
            for v in found[0] if found is not None else ():
                for r in refs(v) - back - stop:
                    back.add(r)
                    work.append(r)
        return back

    @staticmethod
    def called(fn: _Fn) -> set:
        """Names fn calls or calls a member of (`model(x)`, `model.encode(x)`): models and functions."""
        out = set()
        for c in fn.calls:
            f = c.func.value if isinstance(c.func, cst.Attribute) else c.func
            if isinstance(f, cst.Name):
                out.add(f.value)
        return out

    def input_holders(self, fn: _Fn, names: set, inputs: list = ()) -> tuple[set, set]:
        """A grad input read out of a container (`coords = out["model_in"]`, `h = res[1]`, `z = enc.latent`):
        (the containers' names, ids of the calls that make them: `out = model(inp)` computes input and output
        together, so that call stays on the path whole, while its arguments, computed before it, do not)."""
        held, values, work = set(), set(), [n for n in names if "." not in n]
        # `grad(out["y"], out["x"])`: an input read straight out of a container
        direct = [e.value for x in inputs for e in x.elements] + [x for x in inputs] \
            if any(isinstance(x, (cst.List, cst.Tuple)) for x in inputs) else list(inputs)
        while work or direct:
            is_direct = bool(direct)
            found = ([direct.pop()], fn) if direct else self.lookup_assigns(fn, work.pop())
            for v in found[0] if found is not None else ():
                root = v
                while isinstance(root, (cst.Subscript, cst.Attribute)):
                    root = root.value
                if root is v or not isinstance(root, cst.Name) or root.value in held or \
                        root.value in names and not is_direct:
                    continue
                held.add(root.value)
                work.append(root.value)
                owner = self.lookup_assigns(fn, root.value)
                for x in owner[0] if owner is not None else ():
                    while isinstance(x, (cst.Subscript, cst.Attribute)):
                        x = x.value
                    if isinstance(x, cst.Call):  # the call itself; its arguments are computed before it
                        values.add(id(x))
        return held, values

    def input_definitions(self, fn: _Fn, inputs: list, fwd: set) -> list[int]:
        """ids of the values assigned to a grad input that is a plain name (`h = self.embed(t)`,
        `x = self.embed(x)`; `inputs=[h, w]`): they compute the input before the grad differentiates from it,
        so their ops are not on its derivative path. Kept when the value reads anything else the inputs reach
        (`grad(out, [x, z])` with `z = f(x)`: f is on x's path)."""
        out = []
        for i in inputs:
            names = [e.value for e in i.elements] if isinstance(i, (cst.List, cst.Tuple)) else [i]
            for n in names:
                found = self.lookup_assigns(fn, n.value) if isinstance(n, cst.Name) else None
                if found is not None:
                    out.extend(id(v) for v in found[0] if not (refs(v) - {n.value}) & fwd)
        return out

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
                    if isinstance(c.func, cst.Attribute) and c.func.attr.value in self.parameter_methods():
                        owners |= refs(c.func.value)
                work.extend(n for n in refs(v) if n not in seen)
        return owners

    def parameter_methods(self) -> frozenset:
        """_PARAMETER_METHODS plus this file's module methods that return their own weights
        (`def weights(self): return [p for n, p in self.named_parameters() if ...]`, `def arch_parameters(self)`)."""
        if self._param_methods is None:
            own = set()
            for cls in self.ex._classes.values():
                for name, m in cls.methods.items():
                    if m.self_name and any(
                            isinstance(r, cst.Return) and r.value is not None and any(
                                isinstance(c.func, cst.Attribute) and c.func.attr.value in _PARAMETER_METHODS and
                                refs(c.func.value) & {m.self_name} for c in calls_in(r.value))
                            for r in _walk(m.node.body)):
                        own.add(name)
            self._param_methods = frozenset(_PARAMETER_METHODS) | own
        return self._param_methods

    def owner_params(self, fn: _Fn, names: set, depth: int = 0) -> set:
        """`def hvp(model, params, ...): grad(loss_fn(model, ...), params)` with a caller passing
        `[p for p in net.parameters()]` for params and `net` for model (also through further helpers that take
        both as parameters): the parameters of fn that own the weights the inputs are, inputs too."""
        p_in = tuple(p for p in fn.params if p in names and p not in fn.assigns)
        if not p_in or depth > 6:
            return set()
        memo = (id(fn), p_in)
        if memo in self._owner_memo:
            return self._owner_memo[memo]
        self._owner_memo[memo] = out = set()  # a cycle of helpers adds nothing
        for call, caller in self.calls_of(fn):
            ins, owners = set(), set()
            for p in p_in:
                a = self.param_arg(fn, call, p)
                if a is not None:
                    ins |= refs(a)
                    owners |= {n for c in calls_in(a) if isinstance(c.func, cst.Attribute) and
                               c.func.attr.value in self.parameter_methods() for n in refs(c.func.value)}
            if ins:  # `list(net.parameters())` passed as it is, or a name bound to such a value
                owners |= self.parameter_owners(caller, ins) | self.owner_params(caller, ins, depth + 1)
            for q in fn.params if owners else ():
                a = self.param_arg(fn, call, q) if q not in names and q not in fn.assigns else None
                if a is not None and refs(a) & owners:
                    out.add(q)
        return out

    def lift(self, state: "_PathState", fn: _Fn, back: set, fwd: set | None, hops: int, role: str = "lift",
             quiet: bool = False) -> bool:
        """The grad sits in a helper whose outputs (and inputs) are its parameters (`d_r1_loss(pred, img)`,
        `derivative(u, x)`): slice again in each caller of the helper, on the arguments it passes. Role "hold":
        the parameter holds both (`sdf_loss(model_output)` reads input and output out of it): in the callers,
        the call that makes the argument is on the path. Other files' calls of a public helper are
        ms_scan.project's (a "lift"/"hold" ProjectCallee, named as unresolved when no call is in this file)."""
        if state.lifts >= MAX_LIFTS:
            self.unresolved(state, f"{fn.qual} (called from more than {MAX_LIFTS} places: not all followed)")
            return False
        p_out = [p for p in fn.params if p in back and p not in fn.assigns]
        p_in = [p for p in fn.params if p in fwd and p not in fn.assigns] if fwd is not None else []
        if not p_out or (fwd is not None and not p_in):
            return False
        lifted = False
        calls = self.calls_of(fn)
        if not calls:  # a library helper (`def hessian(y, xs)`): what it differentiates is its callers' business
            names = ", ".join(dict.fromkeys(p_out + p_in))
            state.site.reason = state.site.reason or (
                f"what it differentiates comes in as parameters of {fn.qual} ({names}), and no call of it was "
                "found in this file")
        for p in p_out if fwd is not None else ():
            self.param_hit(state, fn, p, "", "" if calls or quiet or state.quiet else (
                f"{fn.qual} (differentiates its parameter {p}: no call in this file)"), role=role)
        for call, caller in calls:
            outs = [a for a in (self.param_arg(fn, call, p) for p in p_out) if a is not None]
            ins = [a for a in (self.param_arg(fn, call, p) for p in p_in) if a is not None]
            if not outs or (fwd is not None and not ins):
                continue
            key = ("lift", id(call))
            if key in state.visiting:
                continue
            if state.lifts >= MAX_LIFTS:
                self.unresolved(state, f"{fn.qual} (called from more than {MAX_LIFTS} places: not all followed)")
                break
            state.visiting.add(key)
            state.lifts += 1
            lifted = True
            state.quiet += quiet  # a speculative lift says nothing of what it cannot follow, at any depth
            try:
                if role == "hold":
                    for a in outs:
                        self.expand_held(state, a, caller, hops + 1)
                else:
                    self.slice(state, caller, outs, ins if fwd is not None else None, hops + 1)
            finally:
                state.quiet -= quiet
        return lifted

    def expand_held(self, state, v, fn: _Fn, hops: int) -> None:
        """`v` holds a grad's input and output (`model(inp)`, or a name bound to it): the call that makes it is on
        the path (not its arguments, computed before); a parameter is followed to the callers."""
        while isinstance(v, (cst.Subscript, cst.Attribute)):
            v = v.value
        if ("held", id(v)) in state.visiting:  # `x = x.requires_grad_(True)`
            return
        state.visiting.add(("held", id(v)))
        if isinstance(v, cst.Call) and _unchain(v) is not v:  # `x.requires_grad_(True)`, `model(x).to(dev)`
            self.expand_held(state, _unchain(v), fn, hops)
            return
        if isinstance(v, cst.Call):
            state.any_path = True
            self.call_ops(state, v, fn, "", 0)
            return
        if not isinstance(v, cst.Name):
            return
        found = self.lookup_assigns(fn, v.value)
        if found is not None:
            for x in found[0]:
                if not isinstance(x, cst.Name) or x.value != v.value:
                    self.expand_held(state, x, found[1], hops)
        elif self.param_of(fn, v.value) and hops <= MAX_LIFTS:
            self.lift(state, self.param_owner(fn, v.value), {v.value}, {v.value}, hops + 1, "hold")

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
    def call_ops(self, state: "_PathState", c: cst.Call, fn: _Fn, via: str, depth: int,
                 live: frozenset | None = None) -> None:
        """The ops calling `c` puts on the path; `live`: its argument slots that carry the differentiated inputs
        (None: all), handed to the forward or function the callee resolves to through state.live."""
        state.live = None
        if depth > MAX_DEPTH:
            self.too_deep(state)
            return
        state.steps += 1
        if state.steps > MAX_STEPS:
            if state.steps == MAX_STEPS + 1:
                self.unresolved(state, f"{fn.qual} (the path is too large to follow: over {MAX_STEPS} calls)")
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
        state.live = live
        try:
            self.expand_module_expr(state, c.func, fn, self.via(via, c), depth + 1)
        finally:
            state.live = None

    def via(self, via: str, c: cst.Call) -> str:
        text = self._code_of.get(id(c.func))
        if text is None:  # generating code is the costliest step of a path: once per node
            text = self._code_of[id(c.func)] = _code(c.func)
        return f"{via} -> {text}" if via else text

    def emit(self, state, api: str, pos_node: cst.CSTNode, call: cst.Call, via: str, conf="high") -> None:
        if api in _NOT_ON_PATH:
            return
        if api.endswith(".forward") and self.kind(api[:-8]) == "nn_module":  # `super().forward(x)` of nn.Embedding
            api = api[:-8]
        if api.rpartition(".")[2] in _NON_DIFFERENTIABLE and api.startswith(("torch.Tensor.", "torch.")) and \
                api.count(".") <= 2:
            return  # boolean or index results: no gradient flows through them
        if state.guessed and conf == "high":
            conf = "medium"  # reached through a parameter whose class was inferred from its name
        op = GradOp(api, 0, 0, 0, 0, _literal_args(call) if call is not None else (), via, conf)
        self.out.append((pos_node, op))
        state.site.ops.append(op)

    def torch_ref(self, state, expr, via: str) -> bool:
        """`expr`, called, names a torch function or module class by reference (held in an attribute, a table, a
        local: `self.act = F.elu`, `ACTS = {"elu": F.elu}`): its op, written where the reference is. False when
        `expr` is not a torch name."""
        path = self.ex.resolve_path(expr) if dotted_name(expr) is not None else None
        api = self.ex.canonical(path) if path is not None else None
        if api is None or not api.startswith(("torch.", "torchvision.", "torchaudio.")):
            return False
        if not (api.startswith(_AUTOGRAD_PREFIXES) or api in _WRAPPERS or api in _FUNCTIONAL_CALL or
                api in _CONTAINERS):
            self.emit(state, api, expr, None, via)
        return True

    def expand_module_expr(self, state, expr, fn: _Fn, via: str, depth: int) -> None:
        """`expr` is called: find what it is (module instance, function, method) and add its ops."""
        if expr is None:
            return
        if depth > MAX_DEPTH:
            self.too_deep(state)
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
                ann = self.annotated_class(self.param_owner(fn, name), name) if not callers else None
                if isinstance(ann, _Cls):  # `def gp(critic: Critic, x)`
                    self.expand_class(state, ann, _join(via, f"{name}: {ann.name}"), depth + 1)
                    return
                if ann is not None:  # `def gp(critic: Critic, x)` with `from .models import Critic`
                    self.project_hit(state, ann, "instance", via, f"{name}: {ann[1]}")
                    return
                if not callers:
                    cls = self.guess_class(name)
                    if cls is None:
                        if self.guessed_project_hit(state, name, fn, via):  # `from .models import Critic`
                            return
                        text = f"{name} (parameter of {fn.qual}, no call in this file)"
                        self.unresolved(state, text)
                        self.param_hit(state, fn, name, via, text)
                        return
                    state.guessed += 1
                    try:
                        step = f"{name}: a parameter never bound in this file, taken to be its {cls.name}"
                        self.expand_class(state, cls, f"{via} [{step[len(name) + 2:]}]" if via.endswith(name)
                                          else _join(via, step), depth + 1)
                    finally:
                        state.guessed -= 1
                live = state.live
                for arg, caller_fn in callers:
                    state.live = live  # each caller's argument is called with the same live slots
                    self.expand_module_expr(state, arg, caller_fn, via, depth + 1)
                return
            own = self.class_of(expr, fn)
            if own is not None:  # `self(x)`, `self.forward(x)` in a method: the instance's own forward
                self.expand_class(state, own, via, depth + 1)
                return
            d = self.lookup_def(fn, name)
            if d is not None:
                live, state.live = state.live, None
                self.expand_fn(state, d, _join(via, d.qual), depth + 1, live)
                return
            if name in ex._classes or name in BUILTIN_NON_TENSOR or name == "super":
                return
            if self.torch_ref(state, expr, via):  # `act = elu` with `from torch.nn.functional import elu`
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
            if not self.torch_ref(state, expr, via):  # `self.act = F.elu`, `{"elu": F.elu}[name]`: held, then called
                self.expand_member(state, expr.value, expr.attr.value, fn, via, depth + 1, expr)
            return
        if isinstance(expr, cst.Subscript):  # self.blocks[i](x), self.nets["D"](x)
            self.expand_item(state, expr, fn, via, depth + 1, None)
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

    def expand_member(self, state, owner, attr: str, fn: _Fn, via: str, depth: int, expr=None) -> None:
        """`owner.attr(...)`: a method or an attribute of the instance `owner` is (also `getattr(owner, "attr")`)."""
        if depth > MAX_DEPTH:
            self.too_deep(state)
            return
        ex = self.ex
        if isinstance(owner, cst.Call) and dotted_name(owner.func) == "super":
            self.super_member(state, attr, fn, via, depth + 1)
            return
        if attr == "forward" or (attr in MODULE_METHODS_RETURNING_MODULE or attr == "module") and \
                not self.own_member(owner, attr, fn):  # `netD.module(x)`, unless netD's class sets self.module
            self.expand_module_expr(state, owner, fn, via, depth + 1)
            return
        named = self.names_class(owner.value, fn) if isinstance(owner, cst.Name) else None
        if named is not None and attr in named.methods and self.class_method(named.methods[attr]):
            self.expand_fn(state, named.methods[attr], _join(via, f"{named.name}.{attr}"), depth + 1)
            return
        cls = self.class_of(owner, fn)
        if cls is not None:
            self.expand_class_member(state, cls, attr, via, depth + 1)
            return
        if expr is not None:
            target = self.project_target(expr, fn)
            if target is not None:  # `models.inner_net(x)` with `from pkg import models` / `import pkg.models as m`
                self.project_hit(state, target, "call", via, _code(expr))
                return
        if isinstance(owner, cst.Name) and owner.value in ex._ext_imports:
            if ex._ext_imports[owner.value].split(".")[0] not in NON_TORCH_MODULES:  # math.sqrt: a scalar
                self.unresolved(state, f"{_code(owner)}.{attr} (third-party)")
            return
        key = ("member", id(owner), attr, id(fn))
        if key in state.visiting:
            return
        state.visiting.add(key)
        try:
            self.member_of_instance(state, owner, attr, fn, via, depth + 1)
        finally:
            state.visiting.discard(key)

    def own_member(self, owner, attr: str, fn: _Fn) -> bool:
        """`owner`'s class is one of this file's and defines `attr` itself (`self.module = module` in a wrapper
        of its own): the member, not the torch meaning of the name (DataParallel's `.module`, `.to()`)."""
        cls = self.class_of(owner, fn)
        return cls is not None and any(self.class_members(cls, attr))

    def super_member(self, state, attr: str, fn: _Fn, via: str, depth: int) -> None:
        """`super().forward(x)`, `super().encode(x)` in a method: the member as the file's base classes define
        it (a Sequential base runs its layers). A base outside the file is named as unresolved; torch bases
        are the API extractor's (`super().forward` of nn.Embedding is that module's op)."""
        f = fn
        while f is not None and f.cls is None:
            f = f.parent
        if f is None:
            return
        classes = self.ex._classes
        for base in f.cls.bases:
            if base not in classes:
                if not any(t.rpartition(".")[2] == base.rpartition(".")[2] for t in f.cls.torch_bases):
                    self.unresolved(state, f"super().{attr} (base class {base} is not in this file)")
                continue
            method, values = self.class_members(classes[base], attr)
            if method is not None:
                self.expand_fn(state, method, _join(via, f"{method.cls.name}.{attr}"), depth + 1)
                return
            if values:
                for v, ctx in values:
                    self.expand_value(state, v, ctx, via, depth + 1)
                return
            if attr == "forward" and self.sequential_class(classes[base]):
                self.expand_sequential(state, classes[base], _join(via, base), depth + 1)
                return

    def class_members(self, cls: _Cls, attr: str) -> tuple[_Fn | None, list]:
        """(method, attribute values) that `attr` names on the file's class or its in-file bases; a name set
        by `setattr(self, f"layer{i}", ...)` is held as `layer*`, and `attr` may be such a prefix itself."""
        classes, todo, seen = self.ex._classes, [cls], set()
        values = []
        while todo:
            c = todo.pop(0)
            if c.name in seen:
                continue
            seen.add(c.name)
            if attr in c.methods and not values:
                return c.methods[attr], []
            if attr.endswith("*"):
                values += [x for k, vs in c.attrs.items() if k.rstrip("*").startswith(attr[:-1]) for x in vs]
            else:
                values += c.attrs.get(attr, [])
                values += [x for k, vs in c.attrs.items() if k.endswith("*") and attr.startswith(k[:-1]) for x in vs]
            if values:
                return None, values
            todo.extend(classes[b] for b in c.bases if b in classes)
        return None, []

    def expand_class_member(self, state, cls: _Cls, attr: str, via: str, depth: int) -> None:
        if attr.endswith("]") and "[" in attr:  # `nets[D]`: what the member holds under key D
            attr, key = attr[:-1].split("[", 1)
            _, values = self.class_members(cls, attr)
            picked = [(x, ctx) for v, ctx in values for x in self.keyed_elements(v, key)]
            for x, ctx in picked or values:
                self.expand_value(state, x, ctx, via, depth + 1)
            return
        method, values = self.class_members(cls, attr)
        if method is not None and _is_property(method.node):  # `self.net(x)` with `@property def net`: the
            self.expand_returns(state, method, _join(via, f"{method.cls.name}.{attr}"), depth + 1)  # module it returns
        elif method is not None:  # `self.encode(u, y)`: the method's slice from its live arguments
            live, state.live = state.live, None
            self.expand_fn(state, method, _join(via, f"{method.cls.name}.{attr}"), depth + 1, live)
        for v, ctx in values:
            self.expand_value(state, v, ctx, via, depth + 1)

    def member_of_instance(self, state, owner, attr: str, fn: _Fn, via: str, depth: int) -> None:
        """`owner.attr(...)` where owner's class is not one of this file's: follow what owner is bound to
        (an assignment, the arguments at the callers, a project class's instance) and say so when it stays
        unknown, rather than dropping it. Dicts, tensors and other plain values stay silent."""
        memo = ("member_of", id(owner), attr, id(fn), state.guessed > 0, state.live)  # nor on the way
        if memo in state.done:
            return
        state.done.add(memo)
        state.steps += 1
        if state.steps > MAX_STEPS:
            if state.steps == MAX_STEPS + 1:
                self.unresolved(state, f"{fn.qual} (the path is too large to follow: over {MAX_STEPS} calls)")
            return
        text = f"{_code(owner)}.{attr}"
        if isinstance(owner, cst.Name):
            name = owner.value
            found = self.lookup_assigns(fn, name)
            if found is not None:
                values, ctx = found
                for v in values:
                    self.member_of_value(state, v, attr, ctx, via, depth + 1, text)
                return
            if not self.param_of(fn, name):
                b = self.project_binding(name)
                if b is not None and b[0] == PROJECT:  # `from .nets import critic`: a project module's instance
                    self.project_hit(state, (b[1][0], f"{b[1][1]}.{attr}"), "member", via, text)
                return
            callers = self.caller_args(fn, name)
            for arg, caller_fn in callers:
                self.member_of_value(state, arg, attr, caller_fn, via, depth + 1, text)
            if callers:
                return
            owner_fn = self.param_owner(fn, name)
            ann = self.annotated_class(owner_fn, name)
            if isinstance(ann, _Cls):
                self.expand_class_member(state, ann, attr, _join(via, f"{name}: {ann.name}"), depth + 1)
                return
            if ann is not None:
                self.project_hit(state, (ann[0], f"{ann[1]}.{attr}"), "member", via, text)
                return
            cls = self.guess_class(name) if self.model_like(name, owner_fn) else None
            if cls is None:  # duck typing: the one model class of this file that has such a member
                having = [c for c in self.module_classes().values() if any(
                    self.class_members(c, attr)) and self.ex._classes.get(c.name) is c]
                cls = having[0] if len(having) == 1 else None
            elif not any(self.class_members(cls, attr)):
                cls = None
            if cls is None and not self.model_like(name, owner_fn):
                return
            if cls is None and self.guessed_project_hit(state, name, fn, via, attr):
                return
            if cls is not None:
                state.guessed += 1
                try:
                    self.expand_class_member(state, cls, attr, _join(
                        via, f"{name}: a parameter never bound in this file, taken to be its {cls.name}"), depth + 1)
                finally:
                    state.guessed -= 1
                return
            unknown = (f"{text} ({name} is a parameter of {owner_fn.qual} with no call in this file: its class is "
                       "unknown)")
            self.unresolved(state, unknown)
            self.param_hit(state, fn, name, via, unknown, attr)
            return
        if isinstance(owner, cst.Attribute):
            outer_owner, outer_attr = owner.value, owner.attr.value
            outer = self.class_of(outer_owner, fn)
            if outer is not None:  # `self.model.encoder(x)`: what self.model holds
                method, values = self.class_members(outer, outer_attr)
                for v, ctx in values:
                    self.member_of_value(state, v, attr, ctx, via, depth + 1, text)
                if method is None and not values and outer.torch_module != "no":
                    self.unresolved(state, f"{text} ({outer_attr} is never assigned in {outer.name})")
                return
            target = self.project_target(owner, fn)
            if target is not None:  # `models.critic.features(x)`: a module-level instance of a project module
                self.unresolved(state, f"{text} (an attribute of {_code(owner)}, defined in project module "
                                       f"{target[0]})")
            return
        if isinstance(owner, cst.Subscript):  # `self.nets["D"].features(x)`
            self.expand_item(state, owner, fn, via, depth + 1, lambda v, ctx: self.member_of_value(
                state, v, attr, ctx, via, depth + 2, text))
            return
        if isinstance(owner, cst.Call):
            self.member_of_value(state, owner, attr, fn, via, depth + 1, text)

    def member_of_value(self, state, v, attr: str, ctx: _Fn, via: str, depth: int, text: str) -> None:
        """The member `attr` of the instance a value is (`Critic()`, a project class, a third-party model)."""
        if depth > MAX_DEPTH:
            self.too_deep(state)
            return
        ex = self.ex
        v = _unchain(v)
        if isinstance(v, cst.Call):
            getattr_of = self.getattr_target(v, ctx)
            api = self.torch_api(v)
            if getattr_of is not None:
                self.member_of_instance(state, cst.Attribute(getattr_of[0], cst.Name(getattr_of[1]))
                                        if getattr_of[1].isidentifier() else getattr_of[0], attr, ctx, via,
                                        depth + 1)
            elif api is not None:
                if api in _CONTAINERS or api in _WRAPPERS:
                    for a in _held_args(v, api):
                        self.member_of_value(state, a.value, attr, ctx, via, depth + 1, text)
            elif isinstance(v.func, cst.Name) and v.func.value in ex._classes:
                self.expand_class_member(state, ex._classes[v.func.value], attr, via, depth + 1)
            elif (ex._ext_path(v.func) or "") in _COPY_LIKE or dotted_name(v.func) in _COPY_LIKE:
                if v.args:
                    self.member_of_value(state, v.args[0].value, attr, ctx, via, depth + 1, text)
            elif isinstance(v.func, cst.Name) and self.lookup_def(ctx, v.func.value) is not None:
                d = self.lookup_def(ctx, v.func.value)  # a factory function: the member of what it returns
                for node in _walk(d.node.body):
                    if isinstance(node, cst.Return) and node.value is not None:
                        self.member_of_value(state, node.value, attr, d, via, depth + 1, text)
            else:
                target = self.project_target(v.func, ctx)
                if target is not None and target[1][:1].isupper():  # `Critic(...)` from `.models`
                    self.project_hit(state, (target[0], f"{target[1]}.{attr}"), "member", via, text)
                elif target is not None:
                    self.unresolved(state, f"{text} (an attribute of what {_code(v.func)} returns, defined in "
                                           f"project module {target[0]})")
                else:
                    ext = ex._ext_path(v.func)
                    if ext and ext.split(".")[0] not in NON_TORCH_MODULES and \
                            ext.rpartition(".")[2][:1].isupper() | ("model" in ext.lower()):
                        self.unresolved(state, f"{text} (an attribute of a {ext} instance: third-party)")
            return
        if isinstance(v, (cst.Name, cst.Attribute, cst.Subscript)):
            self.member_of_instance(state, v, attr, ctx, via, depth + 1)
            return
        if isinstance(v, (cst.List, cst.Tuple)):
            for el in v.elements:
                self.member_of_value(state, el.value, attr, ctx, via, depth + 1, text)
        elif isinstance(v, (cst.ListComp, cst.GeneratorExp)):
            self.member_of_value(state, v.elt, attr, ctx, via, depth + 1, text)
        elif isinstance(v, cst.Dict):
            for el in v.elements:
                if isinstance(el, cst.DictElement):
                    self.member_of_value(state, el.value, attr, ctx, via, depth + 1, text)

    def getattr_target(self, v: cst.Call, fn: _Fn) -> tuple[cst.BaseExpression, str] | None:
        """`getattr(self, "critic")`, `getattr(self, name)` with `name = "critic"`, `getattr(self, f"layer{i}")`:
        (owner, attribute name; a computed one as its literal prefix + "*")."""
        if not (isinstance(v.func, cst.Name) and v.func.value == "getattr" and len(v.args) >= 2):
            return None
        owner, name = v.args[0].value, v.args[1].value
        attr = _attr_name(name)
        if attr is None and isinstance(name, cst.Name):
            found = self.lookup_assigns(fn, name.value)
            names = {_attr_name(x) for x in found[0]} if found else set()
            if len(names) == 1:
                attr = names.pop()
        return (owner, attr) if attr is not None else None

    def expand_item(self, state, expr: cst.Subscript, fn: _Fn, via: str, depth: int, on_value) -> None:
        """`c[k]`: the values container `c` holds; with a literal key (`self.nets["D"]`), only those held under
        it (a dict display, ModuleDict({...}), dict(D=...), `c["D"] = m`) when any is."""
        key = _subscript_key(expr)
        values = self.container_values(expr.value, fn)
        if values is None:  # not a container this file builds: what the name or attribute is
            if key is not None and isinstance(expr.value, cst.Attribute) and on_value is None:
                self.expand_member(state, expr.value.value, f"{expr.value.attr.value}[{key}]", fn, via, depth + 1)
                return
            on_value(expr.value, fn) if on_value is not None else \
                self.expand_value(state, expr.value, fn, via, depth + 1)
            return
        if on_value is None:
            on_value = lambda v, ctx: self.expand_value(state, v, ctx, via, depth + 1)  # noqa: E731
        if key is not None:
            picked = [(x, ctx) for v, ctx in values for x in self.keyed_elements(v, key)]
            if picked:
                for x, ctx in picked:
                    on_value(x, ctx)
                return
        for v, ctx in values:
            if id(v) in self.ex._keyed or not self.is_dict_value(v):
                on_value(v, ctx)
            else:
                for x in self.keyed_elements(v, None):
                    on_value(x, ctx)

    def container_values(self, container, fn: _Fn) -> list | None:
        if isinstance(container, cst.Name):
            found = self.lookup_assigns(fn, container.value)
            return [(v, found[1]) for v in found[0]] if found else None
        if isinstance(container, cst.Attribute):
            cls = self.class_of(container.value, fn)
            if cls is not None:
                method, values = self.class_members(cls, container.attr.value)
                return values if values else None
        return None

    def is_dict_value(self, v) -> bool:
        v = _unchain(v)
        if isinstance(v, cst.Dict):
            return True
        if isinstance(v, cst.Call):
            name = (self.torch_api(v) or dotted_name(v.func) or "").rpartition(".")[2]
            return name in ("ModuleDict", "dict", "OrderedDict", "ParameterDict")
        return False

    def pairs_value(self, v):
        """`dict(_PAIRS)` with `_PAIRS = [("relu", nn.ReLU), ...]` bound once at module level: that literal
        list (or dict) of pairs; anything else as it is."""
        if isinstance(v, cst.Name):
            values = self.ex._module_fn.assigns.get(v.value, [])
            if len(values) == 1 and isinstance(values[0], (cst.List, cst.Tuple, cst.Dict)):
                return values[0]
        return v

    def keyed_elements(self, v, key: str | None) -> list:
        """The values a dict-like value holds under `key` (all of them for None)."""
        if id(v) in self.ex._keyed:
            return [v] if key is None or self.ex._keyed[id(v)] == key else []
        v = _unchain(v)
        out = []
        if isinstance(v, cst.Dict):
            for el in v.elements:
                if isinstance(el, cst.DictElement):
                    k = _literal(el.key)
                    if key is None or k == key:
                        out.append(el.value)
        elif isinstance(v, cst.Call) and self.is_dict_value(v):
            for a in v.args:
                if a.keyword is not None:
                    if key is None or a.keyword.value == key:
                        out.append(a.value)
                else:
                    out.extend(self.keyed_elements(self.pairs_value(a.value), key))
        elif isinstance(v, (cst.List, cst.Tuple)):  # OrderedDict([("D", m), ...])
            for el in v.elements:
                if isinstance(el.value, cst.Tuple) and len(el.value.elements) == 2:
                    k = _literal(el.value.elements[0].value)
                    if key is None or k == key:
                        out.append(el.value.elements[1].value)
        return out

    def expand_value(self, state, v, ctx: _Fn, via: str, depth: int) -> None:
        """A value assigned to a name that is later called: a module constructor, an alias, a container."""
        if depth > MAX_DEPTH:
            self.too_deep(state)
            return
        ex = self.ex
        if isinstance(v, cst.Call) and _unchain(v) is not v:  # `Critic().to(device)`: the module itself
            self.expand_value(state, _unchain(v), ctx, via, depth + 1)
            return
        if isinstance(v, cst.Call) and v.args and dotted_name(v.func) in ("partial", "functools.partial"):
            inner = v.args[0].value  # `self.act = partial(F.softplus, beta=2)`: calling it calls F.softplus
            path = ex.resolve_path(inner) if dotted_name(inner) is not None else None
            api = ex.canonical(path) if path is not None else None
            if api is not None and api.startswith(("torch.", "torchvision.", "torchaudio.")):
                if not api.startswith(_AUTOGRAD_PREFIXES):
                    self.emit(state, api, v, v, via)
                return
            state.any_path = True
            self.expand_module_expr(state, inner, ctx, via, depth + 1)
            return
        if isinstance(v, cst.Call):
            getattr_of = self.getattr_target(v, ctx)
            if getattr_of is not None:  # `getattr(self, "critic")`, `getattr(self, f"block{i}")`
                owner, attr = getattr_of
                self.expand_member(state, owner, attr, ctx, via, depth + 1)
                return
            api = self.torch_api(v)
            if api is not None:
                if api in _CONTAINERS or api in _WRAPPERS:
                    for a in _held_args(v, api):
                        self.expand_element(state, a.value, ctx, via, depth + 1)
                    return
                if self.kind(api) == "nn_module":
                    self.emit(state, api, v, v, via)
                    return
                if api in _FUNCTIONAL_CALL or api.startswith("torch.func."):
                    return
                self.unresolved(state, _code(v))
                return
            if isinstance(v.func, cst.Subscript):  # `ACTIVATIONS[act]()`: what the items it may pick build
                conf = "high" if _subscript_key(v.func) is not None else "medium"  # any item: medium
                self.expand_item(state, v.func, ctx, via, depth + 1,
                                 lambda x, c: self.expand_built(state, x, c, v, via, depth + 1, conf))
                return
            ext = ex._ext_path(v.func) or ""
            if isinstance(v.func, cst.Name) and v.func.value in ex._classes:
                self.expand_class(state, ex._classes[v.func.value], via, depth + 1)
                return
            if isinstance(v.func, cst.Name) and v.func.value in _ELEMENT_OF and self.lookup_def(ctx, v.func.value) \
                    is None and v.args:  # `enumerate(self.blocks)` met whole: the elements of its iterables
                for a in (v.args if v.func.value == "zip" else v.args[:1]):
                    self.expand_element(state, a.value, ctx, via, depth + 1)
                return
            if isinstance(v.func, cst.Attribute) and v.func.attr.value in ("values", "items") and not v.args:
                self.expand_module_expr(state, v.func.value, ctx, via, depth + 1)  # `self.heads.values()`
                return
            made = self.factory_class(v.func, ctx)
            if isinstance(made, _Cls):  # `Tower.from_config(cfg)`: a classmethod building an instance
                self.expand_class(state, made, via, depth + 1)
                return
            if made is not None:
                self.project_hit(state, made, "instance", via, _code(v.func))
                return
            if ext.startswith("learn2learn") or ext in _COPY_LIKE or dotted_name(v.func) in _COPY_LIKE or \
                    ext.startswith("functorch.") and ext.endswith(("make_functional", "make_functional_with_buffers")):
                if v.args:
                    self.expand_module_expr(state, v.args[0].value, ctx, via, depth + 1)
                return
            if isinstance(v.func, cst.Attribute) and (v.func.attr.value in MODULE_METHODS_RETURNING_MODULE
                                                      or v.func.attr.value == "clone"):
                self.expand_module_expr(state, v.func.value, ctx, via, depth + 1)
                return
            if isinstance(v.func, cst.Attribute):
                owner_cls = self.class_of(v.func.value, ctx)
                method = owner_cls.methods.get(v.func.attr.value) if owner_cls is not None else None
                if method is not None:  # `self._scaled(self.u_net)`: the callable the method returns
                    self.expand_returns(state, method, _join(via, method.qual), depth + 1)
                    return
            if isinstance(v.func, cst.Name):
                d = self.lookup_def(ctx, v.func.value)
                if d is not None:  # a factory function: what it returns
                    self.expand_returns(state, d, via, depth + 1)
                    return
                if self.expand_made(state, v.func.value, ctx, v, via, depth + 1):
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
        if isinstance(v, cst.IfExp):  # `m.module if isinstance(m, nn.DataParallel) else m`: either one
            self.expand_value(state, v.body, ctx, via, depth + 1)
            self.expand_value(state, v.orelse, ctx, via, depth + 1)
            return
        if isinstance(v, cst.Lambda):
            self.expand_module_expr(state, v, ctx, via, depth + 1)

    def expand_made(self, state, name: str, ctx: _Fn, call: cst.Call, via: str, depth: int) -> bool:
        """`call` calls `name`, a local holding classes or factories (`act = ACTIVATIONS[cfg.act]` ... `act()`,
        `[make(c) for make in OPS.values()]`) or a parameter its callers bind to one (`def __init__(self, act_cls):
        ... act_cls()` with `ConvAct(c, c, act)`): what it builds. False when the name holds something else."""
        held = self.lookup_assigns(ctx, name)
        if held is None:
            callers = self.caller_args(ctx, name) if depth <= MAX_DEPTH and self.param_of(ctx, name) else []
            for arg, caller in callers:
                if not (isinstance(arg, cst.Name) and self.expand_made(state, arg.value, caller, call, via, depth + 1)):
                    self.expand_built(state, arg, caller, call, via, depth + 1, "high")
            return bool(callers)
        if not all(isinstance(x, (cst.Subscript, cst.Name, cst.Attribute)) or _values_of(x) is not None
                   for x in held[0]):
            return False
        for x in held[0]:
            if _values_of(x) is not None:  # `for make in OPS.values()`: every item, built
                for t, c in self.container_values(_values_of(x), held[1]) or ():
                    for r in self.keyed_elements(t, None):
                        self.expand_built(state, r, c, call, via, depth + 1, "high")
            elif isinstance(x, cst.Subscript):
                conf = "high" if _subscript_key(x) is not None else "medium"
                self.expand_item(state, x, held[1], via, depth + 1, lambda r, c, conf=conf: (
                    self.expand_built(state, r, c, call, via, depth + 1, conf)))
            else:
                self.expand_built(state, x, held[1], call, via, depth + 1, "high")
        return True

    def expand_built(self, state, ref, ctx: _Fn, call: cst.Call, via: str, depth: int, conf: str) -> None:
        """`call` calls `ref`, an item of a container of classes or factories (`{"elu": nn.ELU}`): a torch module
        class is constructed where it is written (with the call's arguments), a class of this file is
        expanded, anything else is a factory whose result is what the call gives."""
        ex = self.ex
        path = ex.resolve_path(ref) if dotted_name(ref) is not None else None
        api = ex.canonical(path) if path is not None else None
        if api is not None and self.kind(api) == "nn_module":
            self.emit(state, api, ref, call, via, conf)
            return
        if isinstance(ref, cst.Name) and ref.value in ex._classes:
            self.expand_class(state, ex._classes[ref.value], via, depth + 1)
            return
        if isinstance(ref, cst.Lambda):  # `lambda c: nn.MaxPool2d(3)`: a factory, its body is what it builds
            self.expand_value(state, ref.body, ctx, via, depth + 1)
            return
        if isinstance(ref, cst.Call) or api is None:
            self.expand_value(state, ref, ctx, via, depth + 1) if isinstance(ref, cst.Call) else \
                self.expand_module_expr(state, ref, ctx, via, depth + 1)

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
            live, state.live = state.live, None
            fwd = cls.methods.get("forward") or cls.methods.get("__call__")
            if fwd is None:
                if self.sequential_class(cls):  # `class ConvLayer(nn.Sequential)`: its forward runs its layers
                    self.expand_sequential(state, cls, _join(via, cls.name), depth + 1)
                    return
                self.unresolved(state, f"{cls.name} (no forward in this file)")
                return
            self.expand_fn(state, fwd, _join(via, f"{cls.name}.forward"), depth + 1, live)
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

    def expand_fn(self, state, f: _Fn, via: str, depth: int, live: frozenset | None = None) -> None:
        """The ops of f's body; with `live` (argument slots, see live_slots) only of the calls that depend on
        the parameters those slots bind (sliced_calls)."""
        live_params = self.live_params(f, live)
        key = ("fn", id(f))
        outs = frozenset(t for t in live or () if t.startswith(">"))
        done = (id(f), state.guessed > 0, live_params, outs)  # a body's ops do not depend on the way it is reached
        if key in state.visiting or done in state.done:
            return
        if depth > MAX_DEPTH:
            self.too_deep(state)
            return
        state.visiting.add(key)
        state.any_path = True
        try:
            wanted = self.output_calls(f, live)
            if live_params is None:
                for c in f.calls:
                    if wanted is None or id(c) in wanted:
                        self.call_ops(state, c, f, via, depth + 1)
            else:
                for c, c_live in self.sliced_calls(f, live_params):
                    if wanted is None or id(c) in wanted:
                        self.call_ops(state, c, f, via, depth + 1, c_live)
        finally:
            state.visiting.discard(key)
        state.done.add(done)

    @staticmethod
    def live_params(f: _Fn, live: frozenset | None) -> frozenset | None:
        """f's parameters that the live argument slots bind (positions count after `self`); None (the whole
        body) when a slot does not name a parameter or f takes *args / **kwargs."""
        if live is None or not isinstance(f.node, cst.FunctionDef) or \
                isinstance(f.node.params.star_arg, cst.Param) or f.node.params.star_kwarg is not None:
            return None
        out = set()
        for slot in live:
            if slot.startswith(">"):  # a returned element asked for (Resolver.output_calls), not an input
                continue
            name = f.params[int(slot)] if slot.isdigit() and int(slot) < len(f.params) else slot
            if name not in f.params:
                return None
            out.add(name)
        return frozenset(out) if out and len(out) < len(f.params) else None

    def sliced_calls(self, f: _Fn, live_params: frozenset) -> list:
        """(call, its live slots) for the calls of f's body that read what the live parameters reach, through
        f's assignments (a data-flow slice of a forward: `b = self.branch(u)` is not on y's path)."""
        reach = set(live_params)
        assigns = self.visible_assigns(f)
        changed = True
        while changed:
            changed = False
            for name, values in assigns.items():
                if name not in reach and any(refs(v) & reach for v in values):
                    reach.add(name)
                    changed = True
        return [(c, self.live_slots(c, reach)) for c in f.calls if refs(c) & reach]

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

    def class_of(self, owner, fn: _Fn, depth: int = 0) -> _Cls | None:
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
                    cls = self.value_class(v, found[1], depth)
                    if cls is not None:
                        return cls
        if isinstance(owner, cst.Attribute) and owner.attr.value == "module" and depth < 8:
            inner = self.class_of(owner.value, fn, depth + 1)  # `netD.module`: what DataParallel wraps
            if inner is None or not any(self.class_members(inner, "module")):
                return inner
        if isinstance(owner, cst.Attribute) and isinstance(owner.value, cst.Name):
            outer = self.class_of(owner.value, fn, depth)
            if outer is not None:
                for v, ctx in outer.attrs.get(owner.attr.value, ()):
                    cls = self.value_class(v, ctx, depth)
                    if cls is not None:
                        return cls
        return None

    def value_class(self, v, ctx: _Fn, depth: int) -> _Cls | None:
        """The file's class a value is an instance of: `Critic()`, `DataParallel(Critic())`, `nn.DataParallel(m)`
        with m such an instance, an alias of one."""
        cls = self.constructed_class(v)
        if cls is not None or depth >= 8:
            return cls
        v = _unchain(v)
        if isinstance(v, cst.Call) and v.args and self.torch_api(v) in _WRAPPERS:
            return self.value_class(v.args[0].value, ctx, depth + 1)
        if isinstance(v, cst.Name):
            return self.class_of(v, ctx, depth + 1)
        return None

    def constructed_class(self, v) -> _Cls | None:
        """`Critic(...)`, `Critic().to(device).eval()`, `Critic.from_config(c)`: the file's class the value is an
        instance of."""
        v = _unchain(v)
        if isinstance(v, cst.Call) and isinstance(v.func, cst.Name) and v.func.value in self.ex._classes:
            return self.ex._classes[v.func.value]
        if isinstance(v, cst.Call):
            made = self.factory_class(v.func, None)
            return made if isinstance(made, _Cls) else None
        return None

    def factory_class(self, func, fn: _Fn | None):
        """`Cls.from_config(...)`, `Cls._from_config(...)`, `Cls.from_pretrained(...)`, or any classmethod of the
        file's class called on it: the class whose instance it returns (a _Cls, or a project import's
        (module, name)); None for anything else."""
        if not (isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name)):
            return None
        attr, owner = func.attr.value, func.value.value
        factory_name = attr.startswith(("from_", "_from_"))
        cls = self.ex._classes.get(owner)
        if cls is not None and (fn is None or self.names_class(owner, fn) is cls):
            method = cls.methods.get(attr)
            if factory_name and method is None or method is not None and self.class_method(method) and \
                    any(d.decorator.value == "classmethod" for d in method.node.decorators
                        if isinstance(d.decorator, cst.Name)):
                return cls
            return None
        if factory_name and fn is not None:
            target = self.project_target(func.value, fn)
            if target is not None and target[1][:1].isupper():
                return target
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
        if _partial_of(call) == fn.name:  # `partial(u_scalar, model=net)`: the arguments after the function
            call = call.with_changes(args=call.args[1:])
        return _arg(call, fn.params.index(name), name)

    def calls_of(self, owner: _Fn) -> list[tuple[cst.Call, _Fn]]:
        """Calls of a function of this file: `helper(...)` where the name resolves to it, or
        `self.method(...)` from another method of the same class."""
        out = []
        key = owner.cls.name if owner.name == "__init__" and owner.cls is not None else owner.name
        if owner.cls is None:  # `partial(u_scalar, model=net)` binds u_scalar's parameters as a call does
            out += [(c, f) for c, f in self.calls_named("partial") if _partial_of(c) == owner.name and
                    self.lookup_def(f, owner.name) is owner]
        for c, f in self.calls_named(key):
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

    def calls_named(self, name: str) -> list[tuple[cst.Call, _Fn]]:
        """The file's calls `name(...)` and `x.name(...)` with their functions (indexed once per file)."""
        if self._calls_by_name is None:
            index: dict[str, list] = {}
            for f in self.all_fns():
                for c in f.calls:
                    func = c.func
                    key = func.value if isinstance(func, cst.Name) else \
                        func.attr.value if isinstance(func, cst.Attribute) else None
                    if key is not None:
                        index.setdefault(key, []).append((c, f))
            self._calls_by_name = index
        return self._calls_by_name.get(name, [])

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
        words = _role_words(name)
        roots = self.root_classes()
        if not words:
            return next(iter(roots.values())) if len(roots) == 1 and _name_tokens(name) else None
        match = {n: c for n, c in mods.items() if any(w in n.lower() for w in words)}
        if len(match) > 1:
            match = {n: c for n, c in match.items() if n in roots}
        return next(iter(match.values())) if len(match) == 1 else None

    @staticmethod
    def param_owner(fn: _Fn, name: str) -> _Fn:
        f = fn
        while f is not None and name not in f.params:
            f = f.parent
        return f or fn

    def annotated_class(self, fn: _Fn, name: str):
        """The class a parameter's annotation names (`critic: Critic`, `model: "models.Net"`): the file's _Cls,
        a project import's (module, name), or None."""
        node = fn.node
        if not isinstance(node, (cst.FunctionDef, cst.Lambda)):
            return None
        for p in (*node.params.posonly_params, *node.params.params, *node.params.kwonly_params):
            if p.name.value != name or not isinstance(p, cst.Param) or p.annotation is None:
                continue
            ann = p.annotation.annotation
            if isinstance(ann, cst.SimpleString):
                try:
                    ann = cst.parse_expression(ann.evaluated_value)
                except Exception:  # noqa: BLE001 - a string annotation that is not an expression
                    return None
            if isinstance(ann, cst.Name) and ann.value in self.ex._classes:
                return self.ex._classes[ann.value]
            target = self.project_target(ann, fn.parent or fn)
            return target if target is not None and target[1][:1].isupper() else None
        return None

    def model_like(self, name: str, fn: _Fn) -> bool:
        """A parameter that stands for a model: called in its function (`critic(x)`), or named like one."""
        toks = _name_tokens(name)
        if any(t in _ROLE_WORDS or t in _GENERIC_MODEL_WORDS - {"f", "fn", "the", "my", "m"} for t in toks) or \
                name.lower().endswith(("net", "model", "critic", "disc", "encoder", "decoder")):
            return True
        return any(isinstance(c.func, cst.Name) and c.func.value == name for c in fn.calls)

    def too_deep(self, state) -> None:
        self.unresolved(state, f"the path nests deeper than {MAX_DEPTH} steps: the deepest calls were not followed")

    def unresolved(self, state, text: str) -> None:
        if state.quiet:
            return
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
        if b[0] == PROJMOD and not parts and "." in b[1]:
            # `from pyhessian import hessian; hessian(model, ...)`: a module is never called, so this is the
            # package's attribute of that name (its `__init__` re-exports the class over the submodule)
            module, _, name = b[1].rpartition(".")
            return module, name
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

    def guess_imported_class(self, name: str, fn: _Fn | None = None) -> tuple[list[str], bool]:
        """As guess_class, among the CapWords names imported from project modules (`from .models import
        Critic, Generator`): ([local name], False) for the one class a model parameter's name designates
        (`critic` -> Critic). Otherwise (a generic name such as `model`, or several matches) the candidates and
        True: the cross-file pass keeps the one that is an nn.Module (a model summary exists), else says the
        class is unknown. Names annotating fn's other parameters (`cfg: TrainConfig`) are no candidates."""
        names = {k: b[1] for k in self.ex.scopes.module.names if k[:1].isupper() and k not in self.ex._classes
                 for b in [self.project_binding(k)] if b is not None and b[0] == PROJECT}
        if fn is not None and isinstance(fn.node, cst.FunctionDef):
            for p in (*fn.node.params.posonly_params, *fn.node.params.params, *fn.node.params.kwonly_params):
                if p.annotation is not None and p.name.value != name:
                    names = {k: v for k, v in names.items() if k not in refs(p.annotation)}
        if not names:
            return [], False
        same = [k for k in names if k.lower() == name.lower()]
        if len(same) == 1:
            return same, False
        words = _role_words(name)
        if not words:
            return (sorted(names), True) if _name_tokens(name) else ([], False)
        match = sorted(k for k in names if any(w in k.lower() for w in words))
        return match, len(match) > 1

    def guessed_project_hit(self, state, name: str, fn: _Fn, via: str, attr: str = "") -> bool:
        """A parameter never bound in this file, called as a model (or `.attr` of it): the project class its
        name designates, followed across files (medium confidence). False when no import fits."""
        cands, unsure = self.guess_imported_class(name, self.param_owner(fn, name))
        if not cands:
            return False
        owner = self.param_owner(fn, name)
        unknown = f"{name} (parameter of {owner.qual}, no call in this file: its class is unknown)"
        role = "member" if attr else "instance"
        state.guessed += 1
        try:
            for imported in cands:
                module, cls = self.project_binding(imported)[1]
                local = f"{name}.{attr} -> {imported}.{attr}" if attr else f"{name} -> {imported}"
                self.project_hit(state, (module, f"{cls}.{attr}" if attr else cls), role, via, local,
                                 f"{name}: a parameter never bound in this file, taken to be the imported {imported}",
                                 guess=unknown, text=unknown if unsure else None)
        finally:
            state.guessed -= 1
        return True

    def project_hit(self, state, target, role: str, via: str, local: str, step: str = "", guess: str = "",
                    text: str | None = None) -> None:
        """A project import on the path: unresolved here, followed across files by ms_scan.project."""
        module, name = target[0], target[1]
        text = text or f"{local} (defined in project module {module}: not found in the scanned files)"
        self.unresolved(state, text)
        if step:
            via = f"{via} [{step[step.index(':') + 2:]}]" if via.endswith(step.split(':')[0]) else _join(via, step)
        live, state.live = state.live, None
        callee = ProjectCallee(module, name, role, via, "medium" if state.guessed else "high", text, guess,
                               live=_live_text(live) if role == "instance" else "")
        if callee not in state.site.project:
            state.site.project.append(callee)

    def param_hit(self, state, fn: _Fn, name: str, via: str, text: str, attr: str = "", role: str = "param") -> None:
        """A parameter called as a model (or `.attr` of it) that nothing in this file binds, of a module-level
        function or a method of a module-level class: other files may call it, so ms_scan.project follows
        the arguments they pass (their "arg" summaries) in place of `text`. Role "lift": a grad helper's
        parameter that is differentiated (`def gradient(y, x)`), followed as the callers' slice from that
        argument back to the others (their "lift" summaries)."""
        found = self.callee_target(self.param_owner(fn, name), name)
        if found is None:
            return
        target, index = found
        param = f"{index}:{name}" + (f":{attr}" if attr else "")
        live, state.live = state.live, None
        callee = ProjectCallee(self.ex.module, target, role, via, "medium" if state.guessed else "high", text,
                               "", param, _live_text(live) if role == "param" and not attr else "")
        if callee not in state.site.project:
            state.site.project.append(callee)
            if text:  # "": a helper also called in this file, whose other callers are looked for quietly
                self.unresolved(state, text)

    def arg_summaries(self) -> list[tuple[ModelSummary, "_PathState"]]:
        """What each argument this file passes to another project module's function, class or method puts on
        a path when the callee calls it as a model: name "<module>:<name>" as imported here (`Trainer` for
        `Trainer(model)`, `Trainer.fit` for `trainer.fit(model)`), role "arg:<index>" or "arg:<keyword>".
        An instance of one of this file's model classes is given as that class (so a member of it can be
        looked up too). Only arguments that lead somewhere are kept; the work is bounded by MAX_MEMBER_STEPS."""
        out, spent = [], 0
        for f in self.all_fns():
            for c in f.calls:
                target = self.project_callee_of(c, f)
                if target is None:
                    continue
                summary, state = self._summary(f"{target[0]}:{target[1]}", "called", lambda st: None)
                summary.unresolved = [f"{k}={v!r}" for k, v in self.literal_slots(c).items()]
                out.append((summary, state))  # the literal flags this call passes (`create_graph=True`)
                pos = 0
                for a in c.args:
                    if a.star:
                        pos = -1  # `f(*args, ...)`: the positions after it are not known
                        continue
                    slot = a.keyword.value if a.keyword is not None else str(pos) if pos >= 0 else None
                    if a.keyword is None and pos >= 0:
                        pos += 1
                    if slot is None or not isinstance(a.value, (cst.Name, cst.Attribute, cst.Subscript, cst.Call)):
                        continue
                    if spent > MAX_MEMBER_STEPS:
                        return out
                    summary, state = self._summary(f"{target[0]}:{target[1]}", f"arg:{slot}",
                                                   lambda st, v=a.value, fn=f: self.expand_arg(st, v, fn))
                    spent += state.steps
                    if summary.ops or summary.project or summary.unresolved:
                        out.append((summary, state))  # unresolved: the callee says this caller is not followed
                slots = self.arg_slots(c)
                for slot, v in slots.items() if len(slots) >= 2 else ():
                    if spent > MAX_MEMBER_STEPS:
                        return out
                    others = [x for k, x in slots.items() if k != slot]
                    summary, state = self._summary(f"{target[0]}:{target[1]}", f"lift:{slot}",
                                                   lambda st, v=v, o=others, fn=f: self.slice(st, fn, [v], o))
                    spent += state.steps
                    if summary.ops or summary.project:
                        out.append((summary, state))
                for slot, v in slots.items():  # the argument as a holder of both (`sdf_loss(model(inp), gt)`)
                    if spent > MAX_MEMBER_STEPS:
                        return out
                    summary, state = self._summary(f"{target[0]}:{target[1]}", f"hold:{slot}", lambda st, v=v, fn=f: (
                        self.expand_held(st, v, fn, 0)))
                    spent += state.steps
                    if summary.ops or summary.project:
                        out.append((summary, state))
        return out

    @staticmethod
    def _slotted(c: cst.Call):
        """(slot, argument expression) of a call's arguments: slot "0", "1", ... or the keyword; positions
        after a star argument have no slot."""
        pos = 0
        for a in c.args:
            if a.star:
                pos = -1
                continue
            slot = a.keyword.value if a.keyword is not None else str(pos) if pos >= 0 else None
            if a.keyword is None and pos >= 0:
                pos += 1
            if slot is not None:
                yield slot, a.value

    @staticmethod
    def literal_slots(c: cst.Call) -> dict:
        """slot -> True/False/None for the literal arguments of a call (up to a star argument's positions)."""
        return {slot: v for slot, value in _Resolver._slotted(c)
                if (v := _literal(value)) is True or v is False or v is None}

    @staticmethod
    def arg_slots(c: cst.Call) -> dict:
        """slot ("0", "1", ... or the keyword) -> argument expression, for the arguments that may be tensors."""
        return {slot: value for slot, value in _Resolver._slotted(c)
                if isinstance(value, (cst.Name, cst.Attribute, cst.Subscript, cst.Call, cst.BinaryOperation))}

    def expand_arg(self, state, v, fn: _Fn) -> None:
        if isinstance(v, cst.Name):  # `x = torch.randn(...)`: a tensor, never a model
            found = self.lookup_assigns(fn, v.value)
            if found is not None and all(self.tensor_call(x) for x in found[0]):
                return
        elif self.tensor_call(v):
            return
        cls = self.class_of(v, fn) if isinstance(v, (cst.Name, cst.Attribute)) else self.value_class(v, fn, 0)
        if cls is not None and self.ex._classes.get(cls.name) is cls and cls.name in self.module_classes() and \
                cls.name in self.ex.class_decls:
            self.project_hit(state, (self.ex.module, cls.name), "instance", "", _code(v))
            return
        self.expand_module_expr(state, v, fn, _code(v), 0)

    def tensor_call(self, v) -> bool:
        """`torch.randn(...)`, `x.view(...)`: a torch call that is not a module (nor `Net().to(dev)`)."""
        v = _unchain(v) if isinstance(v, cst.Call) else v
        api = self.torch_api(v) if isinstance(v, cst.Call) else None
        return api is not None and self.kind(api) != "nn_module" and api not in _WRAPPERS and \
            api not in _FUNCTIONAL_CALL

    def project_callee_of(self, c: cst.Call, fn: _Fn) -> tuple[str, str] | None:
        """(module, name) of the project function, class or method a call calls: `pde_residual(...)`,
        `losses.pde_residual(...)`, `Trainer(...)`, `Trainer(model).fit()` / `trainer.fit(...)` with
        `trainer = Trainer(...)` (-> Trainer.fit). None for anything else."""
        func = c.func
        target = self.project_target(func, fn)
        if target is not None:
            return target
        if isinstance(func, cst.Name):  # `penalty(net, x)` with `penalty = Penalty(...)`: Penalty.__call__
            func = cst.Attribute(value=func, attr=cst.Name("__call__"))
        elif not isinstance(func, cst.Attribute):
            return None
        owner = func.value
        values, ctx = [owner], fn
        if isinstance(owner, cst.Name):
            found = self.lookup_assigns(fn, owner.value)
            if found is None:
                return None
            values, ctx = found
        made = set()
        for v in values:
            v = _unchain(v)
            t = self.project_target(v.func, ctx) if isinstance(v, cst.Call) else None
            if t is None or not t[1][:1].isupper():
                return None
            made.add(t)
        if len(made) != 1:
            return None
        module, cls = made.pop()
        return module, f"{cls}.{func.attr.value}"

    def summaries(self) -> list[tuple[ModelSummary, "_PathState"]]:
        """Per module-level model class (its forward) and function (its body; a factory's returned model)."""
        with _stack_room():
            return self._summaries()

    def _summaries(self) -> list[tuple[ModelSummary, "_PathState"]]:
        out = []
        for cls in self.module_classes().values():
            if cls.name in self.ex._classes and self.ex._classes[cls.name] is cls:
                out.append(self._summary(cls.name, "instance", lambda st, c=cls: self.expand_class(st, c, "", 0)))
                out.extend(self.input_summaries(cls))
        top = self.ex._module_fn
        for name, f in top.defs.items():
            out.append(self._summary(name, "call", lambda st, f=f: self.expand_fn(st, f, f.qual, 0)))
            if any(isinstance(n, cst.Return) and n.value is not None for n in _walk(f.node.body)):
                out.append(self._summary(name, "instance", lambda st, f=f: self.expand_returns(st, f, f.qual, 0)))
        for name, values in top.assigns.items():  # `inner_net = nn.Sequential(...)`: a module-level instance
            if "." in name or name in top.defs or name in self.ex._classes:
                continue
            items = [x for v in values for x in self.table_items(v)]
            if items:  # `MODELS = {"mlp": MLP, ...}` used as `MODELS[arch](cfg)` in another file: any item
                for role in ("call", "instance"):
                    out.append(self._summary(name, role, lambda st, n=name, xs=items: [self.expand_built(
                        st, x, top, x if isinstance(x, cst.Call) else cst.Call(func=x), n, 0, "medium") for x in xs]))
                continue
            if not any(isinstance(_unchain(v), cst.Call) for v in values):
                continue
            out.append(self._summary(name, "call", lambda st, n=name, vs=values: [
                self.expand_value(st, v, top, n, 0) for v in vs if isinstance(_unchain(v), cst.Call)]))
        out.extend(self.member_summaries())
        if self.ex.module:
            try:
                out.extend(self.arg_summaries())
            except RecursionError:  # a pathological caller loses its argument summaries, not the file's models
                pass
        return out

    def input_summaries(self, cls: _Cls) -> list[tuple[ModelSummary, "_PathState"]]:
        """Role "instance:<slot>" for a class whose forward takes several inputs: the part of the forward that
        one input reaches (its slice), for another file's `net(u, y)` whose derivative path goes through y
        only (ProjectCallee.live); one summary per parameter, under its position and under its name."""
        fwd = cls.methods.get("forward") or cls.methods.get("__call__")
        if fwd is None:
            return []
        slots = [(str(i), p) for i, p in enumerate(fwd.params)] if len(fwd.params) >= 2 and \
            self.live_params(fwd, frozenset({fwd.params[0]})) is not None else []
        # a forward returning a tuple display: also "instance:>k" / "instance:<slot>>k", the part that computes
        # its k-th element (another file's `energy, aux = net(z, pos)` differentiating energy only)
        outs = [""] + [f">{k}" for k in range(self.tuple_returns(fwd))]
        out = []
        for k in outs:
            for i, p in slots + ([("", None)] if k else []):
                def expand(st, c=cls, live=frozenset(x for x in (p, k) if x)):
                    st.live = live
                    self.expand_class(st, c, "", 0)
                summary, state = self._summary(cls.name, f"instance:{i}{k}", expand)
                out += [(summary, state)] + ([(replace(summary, role=f"instance:{p}{k}"), state)] if p else [])
        return out

    @staticmethod
    def tuple_returns(f: _Fn) -> int:
        """How many elements every `return` of f gives as a tuple display (0: a return is not one, or one)."""
        returns = [n.value for n in _walk(f.node.body) if isinstance(n, cst.Return)] \
            if isinstance(f.node, cst.FunctionDef) else []
        sizes = {len(r.elements) if isinstance(r, cst.Tuple) else 0 for r in returns}
        return min(sizes) if returns and min(sizes) >= 2 else 0

    def member_summaries(self) -> list[tuple[ModelSummary, "_PathState"]]:
        """`Critic.features`, `Trainer.critic`, `Trainer.nets[D]`, `critic.embed` (a module-level instance):
        what calling a member of a module-level class's instance puts on a path (role "member"), for
        `critic.features(x)` in another file. Kept when empty (the member is known to add nothing); the work
        for all members of a file is bounded by MAX_MEMBER_STEPS."""
        owners = [(name, cls) for name, cls in self.ex._classes.items() if name in self.ex.class_decls]
        top = self.ex._module_fn
        for name, values in top.assigns.items():  # `critic = Critic()` at module level
            if "." not in name and name not in self.ex._classes:
                classes = {id(c): c for c in (self.constructed_class(v) for v in values) if c is not None}
                if len(classes) == 1:
                    owners.append((name, next(iter(classes.values()))))
        out, spent = [], 0
        for owner, cls in owners:
            members = {m for c in self.class_chain(cls) for m in (*c.methods, *c.attrs)
                       if not (m.startswith("__") and m != "__call__") and not m.endswith("*")}
            for m in sorted(members):
                names = [m]
                _, values = self.class_members(cls, m)
                names += sorted({f"{m}[{k}]" for v, _ in values for k in self.literal_keys(v)})
                for member in names:
                    if spent > MAX_MEMBER_STEPS:
                        return out
                    summary, state = self._summary(f"{owner}.{member}", "member", lambda st, c=cls, a=member: (
                        self.expand_class_member(st, c, a, "", 0)))
                    spent += state.steps
                    out.append((summary, state))
        return out

    def table_items(self, v) -> list:
        """The items of a module-level table of classes or factories (`{"relu": nn.ReLU, "gelu": partial(nn.GELU,
        ...)}`, `[MLP, ResNet]`, `dict(mlp=MLP)`); [] when any item is not a reference to something callable
        (a config dict of numbers and strings is no table)."""
        if self.is_dict_value(v) and not (isinstance(_unchain(v), cst.Call) and self.torch_api(_unchain(v))):
            items = self.keyed_elements(v, None)
        elif isinstance(v, (cst.List, cst.Tuple)):
            items = [el.value for el in v.elements if not isinstance(el, cst.StarredElement)]
        else:
            return []

        def ref(x) -> bool:
            if isinstance(x, cst.Call):
                return dotted_name(x.func) in ("partial", "functools.partial") and bool(x.args) and \
                    dotted_name(x.args[0].value) is not None
            if isinstance(x, cst.Name):
                return x.value not in ("None", "True", "False")
            return isinstance(x, cst.Attribute) and dotted_name(x) is not None
        return items if items and all(ref(x) for x in items) else []

    def class_chain(self, cls: _Cls) -> list[_Cls]:
        classes, chain, todo = self.ex._classes, [], [cls]
        while todo:
            c = todo.pop(0)
            if c not in chain:
                chain.append(c)
                todo.extend(classes[b] for b in c.bases if b in classes)
        return chain

    def literal_keys(self, v) -> list[str]:
        if id(v) in self.ex._keyed:
            return [self.ex._keyed[id(v)]]
        v = _unchain(v)
        if isinstance(v, cst.Dict):
            return [k for el in v.elements if isinstance(el, cst.DictElement)
                    for k in [_literal(el.key)] if isinstance(k, str)]
        if isinstance(v, cst.Call) and self.is_dict_value(v):
            return [a.keyword.value for a in v.args if a.keyword is not None] + \
                [k for a in v.args if a.keyword is None for k in self.pair_keys(self.pairs_value(a.value))]
        return []

    def pair_keys(self, v) -> list[str]:
        """The literal keys of what `dict(...)` / `OrderedDict(...)` is given: a dict, or a list of pairs."""
        if isinstance(v, (cst.List, cst.Tuple)):
            return [k for el in v.elements if isinstance(el.value, cst.Tuple) and len(el.value.elements) == 2
                    for k in [_literal(el.value.elements[0].value)] if isinstance(k, str)]
        return self.literal_keys(v)

    def _summary(self, name: str, role: str, expand) -> tuple[ModelSummary, "_PathState"]:
        site = GradSite("summary", "", 0, 0, 0, 0, "definite", name)
        state = _PathState(site)
        expand(state)
        return ModelSummary(name, role, site.ops, site.project, site.unresolved), state


@contextlib.contextmanager
def _stack_room():
    """Python stack for MAX_DEPTH nested expansions (a few frames each), also outside the scan's workers."""
    old = sys.getrecursionlimit()
    if old < 8000:
        sys.setrecursionlimit(8000)
    try:
        yield
    finally:
        if old < 8000:
            sys.setrecursionlimit(old)


class _PathState:
    __slots__ = ("site", "visiting", "any_path", "guessed", "lifts", "steps", "done", "quiet", "live")

    def __init__(self, site: GradSite) -> None:
        self.site = site
        self.visiting: set = set()
        self.any_path = False
        self.lifts = 0  # caller call sites sliced (MAX_LIFTS)
        self.steps = 0  # call expansions (MAX_STEPS)
        self.done: set = set()  # functions and classes already expanded for this site (their ops do not vary)
        self.guessed = 0  # > 0 while expanding a class inferred for an unbound parameter
        self.quiet = 0  # > 0 inside a speculative lift (Resolver.lift(quiet=True))
        # the live argument slots of the call being expanded (Resolver.live_slots), taken by the first forward
        # or function it resolves to (or the project name it leads to); None: every argument is live
        self.live: frozenset | None = None


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
        if summary.ops or summary.project or summary.unresolved or summary.role in ("member", "called") or \
                summary.role == "instance" and summary.name in resolver.module_classes():
            out.append(summary)  # an empty member or model summary: known to add nothing
        add_snippets(snippets, lines, (op.line for op in summary.ops))
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
    add_snippets(facts.snippets, lines, {s.line for s in sites} | {o.line for s in sites for o in s.ops})
    return facts
