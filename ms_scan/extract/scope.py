"""Lean name bindings and scopes for the extractor: what a local name refers to, flow-sensitively.

Not a full scope analysis (libcst's ScopeProvider costs several parses): names are bound in visit
order, function and lambda scopes see enclosing ones, methods do not see their class body.
"""
from __future__ import annotations

from dataclasses import dataclass, field

# Binding kinds
TORCH = "torch"  # a torch module/function/class; value = dotted path as imported
PROJECT = "project"  # a name imported from a project module; value = (module, name)
PROJMOD = "projmod"  # a project module object; value = dotted module
TENSOR = "tensor"  # a value inferred to be a torch.Tensor; value = why
TENSORS = "tensors"  # a tuple/list of tensors; value = why
MODULE = "module"  # an instance of an nn.Module; value = class name (canonical or local)
MAYBE_MODULE = "maybe-module"  # instance of a class with an unknown base (could be an nn.Module)
OPTIMIZER = "optimizer"
SCHEDULER = "scheduler"
USERCLASS = "userclass"  # a class defined in this file; value = ClassInfo
SELF = "self"  # the first parameter of a method; value = ClassInfo
EXTMOD = "extmod"  # a third-party module object (`import einx`): never a tensor, its calls unknown
TORCHDICT = "torchdict"  # a dict literal of torch callables; value = {key: path}
OTHER = "other"  # known not to be torch (str, list, numpy, stdlib module, local def ...)
UNKNOWN = "unknown"  # bound here, but to something we cannot tell (shadows outer names)


@dataclass(slots=True)
class Binding:
    kind: str
    value: object = None
    confidence: str = "high"
    imported: bool = False  # bound by an import statement (not an assignment)


UNKNOWN_BINDING = Binding(UNKNOWN)


@dataclass(slots=True)
class ClassInfo:
    name: str
    torch_module: str  # "yes" | "maybe" | "no"
    torch_base: str = ""  # canonical torch nn.Module base, when there is one
    attrs: dict = field(default_factory=dict)  # self.<name> -> Binding
    bases: list = field(default_factory=list)  # ClassInfo of the bases defined in the same file
    optimizer: bool = False  # a torch.optim.Optimizer subclass (self.param_groups holds its parameters)
    tensor_base: bool = False  # subclasses torch.Tensor (its super() has the Tensor methods)
    # members annotated `-> Tensor`: name -> "property" (self.name is a tensor) | "method" (self.name() is)
    tensor_members: dict = field(default_factory=dict)
    # members annotated to return a non-tensor (`-> np.ndarray`, `-> str`): name -> "property" | "method"
    other_members: dict = field(default_factory=dict)
    methods: set = field(default_factory=set)  # every `def` of the class body, whatever the visit order

    def defines(self, name: str, depth: int = 0) -> bool:
        """The class or one of its in-file bases has `def name` (so `self.name()` is not torch's)."""
        if name in self.methods:
            return True
        b = self.attrs.get(name)
        if b is not None and b.value == "def":
            return True
        return depth < 8 and any(base.defines(name, depth + 1) for base in self.bases)


    def tensor_member(self, name: str, depth: int = 0, table: str = "tensor_members") -> str | None:
        """"property" / "method" when the class or an in-file base annotates `name` as returning a Tensor
        (a non-tensor with table="other_members")."""
        found = getattr(self, table).get(name)
        if found is not None or depth >= 8:
            return found
        for base in self.bases:
            found = base.tensor_member(name, depth + 1, table)
            if found is not None:
                return found
        return None


@dataclass(slots=True)
class Scope:
    kind: str  # module | class | function | lambda | comprehension
    names: dict = field(default_factory=dict)
    star_torch: list = field(default_factory=list)  # `from torch.nn import *` prefixes (module scope)


class Scopes:
    def __init__(self) -> None:
        self.stack: list[Scope] = [Scope("module")]

    @property
    def module(self) -> Scope:
        return self.stack[0]

    @property
    def current(self) -> Scope:
        return self.stack[-1]

    def push(self, kind: str) -> Scope:
        scope = Scope(kind)
        self.stack.append(scope)
        return scope

    def pop(self) -> None:
        self.stack.pop()

    def bind(self, name: str, binding: Binding) -> None:
        self.current.names[name] = binding

    def lookup(self, name: str) -> Binding | None:
        innermost = len(self.stack) - 1
        for i in range(innermost, -1, -1):
            scope = self.stack[i]
            if scope.kind == "class" and i != innermost:
                continue  # methods and nested functions do not see the class body
            found = scope.names.get(name)
            if found is not None:
                return found
        return None
