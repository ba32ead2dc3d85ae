"""torchvision and timm models on a twice-differentiated path (a mixin of grads._Resolver).

A critic built by `models.resnet18(num_classes=1)` or `timm.create_model("resnet50")` runs layers the scanned
project does not contain. The ops each torchvision builder and each common timm architecture runs were recorded
from the library's own forward (mappings/zoo/, read through ms_scan.tables.zoo), with the submodule each ran in,
so the path goes on through the model:

  * the whole model (`critic(x)`), each distinct op written where the model is built;
  * a part of it (`m.features[:4]`, `m.layer4`, `nn.Sequential(*list(m.children())[:-2])`): the ops under it;
  * minus what the project replaced (`m.avgpool = nn.Identity()`, `self.net.classifier[-1] = nn.Linear(...)`,
    `setattr(m, "maxpool", ...)` where the model is bound): the replacement is followed instead.
"""
from __future__ import annotations

import libcst as cst

from ms_scan.extract.grad_common import _join, _literal, _unchain
from ms_scan.extract.grad_unroll import evaluate
from ms_scan.extract.visitor import dotted_name
from ms_scan.tables.zoo import PREFIX, TIMM_FACTORIES, ZooModel, timm_model, zoo_model

_NOT_ZOO = object()
# the children timm's `forward_head` runs (after `forward_features`)
_TIMM_HEADS = frozenset({"global_pool", "head", "head_drop", "fc", "fc_norm", "classifier", "pre_logits",
                         "head_dist", "norm_head"})


class _Zoo:
    def emit_zoo(self, state, model: ZooModel, pos_node: cst.CSTNode, via: str, conf: str, parts=None,
                 depth: int = 0) -> None:
        """The ops a torchvision model runs, each written where the model is built, once per API. `parts`: the
        submodule paths kept (`m.features[:4]` -> features.0 .. features.3), None for the whole model. Parts the
        project replaced where the model is bound are left out and their replacements followed. Weights
        differentiated from a part on (state.live `@layer4`, `@fc`): the ops from that part's first on, the
        earlier ones running on data only."""
        dropped, replacements = self.zoo_surgery(pos_node, model)
        if parts is None:
            live = [t[1:] for t in state.live or () if t.startswith("@") and t[1:2].isidentifier()]
            if live and all(model.has_part(p.split(".")[0]) for p in live):
                first = min((i for i, (path, *_) in enumerate(model.ops) if any(
                    path == p or path.startswith(p + ".") or p.startswith(path + ".") and path for p in live)),
                    default=0)
                parts = [op[0] for op in model.ops[first:]]
        for path, api, args in model.part_ops(parts, dropped):
            self.emit(state, api, pos_node, None, _join(via, model.step(path)), conf, args)
        live = state.live
        for path, value, ctx in replacements:
            if parts is None or any(path == p or path.startswith(p + ".") or p.startswith(path + ".") for p in parts):
                state.live = None  # (what the project put in runs whole)
                self.expand_value(state, value, ctx, _join(via, model.step(path)), depth + 1)
        state.live = live

    def zoo_rebuilt(self, pos_node: cst.CSTNode) -> bool:
        """Whether the file replaces parts of the model built at pos_node where it is bound (zoo_surgery's
        writes), whatever the model."""
        return any(self.part_writes(pos_node))

    def part_writes(self, pos_node: cst.CSTNode):
        """(chain below the model, value) of each assignment the file makes below the name or attribute the model
        built at pos_node is bound to, in the same function (`self.x`: the same class)."""
        binds, writes = self.zoo_writes()
        holder = binds.get(id(pos_node))
        if holder is None:
            return
        scope, bound = holder
        for where, chain, value in writes:
            if where == scope and chain[:len(bound)] == bound and len(chain) > len(bound):
                yield chain[len(bound):], value

    def zoo_built(self, v: cst.Call, ctx) -> ZooModel | None:
        """The torchvision model a call builds: `models.resnet18(...)`, `models.get_model("vgg16", ...)` (the name
        known here), `getattr(models, arch)(...)` (arch known), `torch.hub.load("pytorch/vision", "resnet18")`;
        None otherwise."""
        api = self.torch_api(v)
        if api is None and (self.ex._ext_path(v.func) or "") in TIMM_FACTORIES and v.args:
            arg = next((a for a in v.args if a.keyword is not None and a.keyword.value == "model_name"), v.args[0])
            name = evaluate(arg.value, {}, lambda n: self.const_value(ctx, n)) \
                if not arg.star and (arg.keyword is None or arg.keyword.value == "model_name") else None
            return timm_model(name) if isinstance(name, str) else None  # `timm.create_model("resnet50", ...)`
        if api is None and isinstance(v.func, cst.Call):
            apis = self.torch_getattr(v.func, ctx) if dotted_name(v.func.func) == "getattr" else []
            found = [zoo_model(a) for a in apis if a.startswith(PREFIX)]
            return found[0] if len(found) == 1 else None
        if api == PREFIX + "get_model" and v.args and v.args[0].keyword is None and not v.args[0].star:
            name = evaluate(v.args[0].value, {}, lambda n: self.const_value(ctx, n))
            return zoo_model(PREFIX + name) if isinstance(name, str) else None
        if api == "torch.hub.load" and len(v.args) >= 2 and not any(a.star or a.keyword for a in v.args[:2]):
            repo, name = (evaluate(a.value, {}, lambda n: self.const_value(ctx, n)) for a in v.args[:2])
            ok = isinstance(repo, str) and repo.split(":")[0].rstrip("/") == "pytorch/vision" and isinstance(name, str)
            return zoo_model(PREFIX + name) if ok else None  # `torch.hub.load("pytorch/vision", "resnet18")`
        return zoo_model(api) if api is not None and api.startswith(PREFIX) else None

    def zoo_part(self, state, expr, ctx, via: str, depth: int) -> bool:
        """`expr` a torchvision model or a part of one (zoo_target): its ops added (emit_zoo). False otherwise."""
        if not self.zoo_file():
            return False
        found = self.zoo_target(expr, ctx, 0)
        if found is None:
            return False
        model, pos_node, parts = found
        self.emit_zoo(state, model, pos_node, via, "high", parts, depth)
        return True

    def zoo_file(self) -> bool:
        """Whether the file imports torchvision or timm (a part of a model of theirs can be met here at all)."""
        return any(path.split(".")[0] in ("torchvision", "timm") for path in self.ex.imported.values())

    def zoo_target(self, expr, ctx, hops: int):
        """(model, the call that builds it, parts or None) of an expression that is a torchvision model or a part
        of one: the builder call, a name bound once to one (through `.to(device)` / `.train()`), `self.x` holding
        one, `m.features`, `m.features[:4]`, `m.layer4[0]`, `list(m.children())[:-2]`, `[*m.children()]`; None
        for anything else. `hops`: names followed so far."""
        steps: list = []
        while True:
            if isinstance(expr, cst.Call) and _unchain(expr) is not expr:
                expr = _unchain(expr)
            elif isinstance(expr, cst.Attribute) and isinstance(expr.value, (cst.Call, cst.Attribute, cst.Subscript,
                                                                             cst.Name)) and \
                    not (isinstance(expr.value, cst.Name) and expr.value.value in (ctx.self_name, "self")):
                steps.insert(0, expr.attr.value)
                expr = expr.value
            elif isinstance(expr, cst.Subscript) and len(expr.slice) == 1:
                steps.insert(0, expr.slice[0].slice)
                expr = expr.value
            elif isinstance(expr, cst.Call) and dotted_name(expr.func) in ("list", "tuple") and len(expr.args) == 1:
                expr = expr.args[0].value  # `list(m.children())`
            elif isinstance(expr, (cst.List, cst.Tuple)) and len(expr.elements) == 1 and \
                    isinstance(expr.elements[0], cst.StarredElement):
                expr = expr.elements[0].value  # `[*m.children()]`
            elif isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute) and not expr.args and \
                    expr.func.attr.value == "children":
                steps.insert(0, "()")
                expr = expr.func.value
            else:
                break
        root = self.zoo_root(expr, ctx, hops)
        if root is None:
            return None
        model, pos_node = root
        parts = self.zoo_steps(model, steps)
        return None if parts is _NOT_ZOO else (model, pos_node, parts)

    def zoo_root(self, expr, ctx, hops: int):
        """(model, the call building it) for a builder call or a name / `self.x` bound to one only."""
        if isinstance(expr, cst.Call):
            model = self.zoo_built(expr, ctx)
            if model is None and isinstance(expr.func, cst.Call):  # `getattr(models, arch)(...)`: written there
                return None
            return (model, expr.func if isinstance(expr.func, cst.Call) else expr) if model is not None else None
        if hops > 4:
            return None
        values, vctx = [], ctx
        if isinstance(expr, cst.Name):
            found = self.lookup_assigns(ctx, expr.value)
            values, vctx = found if found is not None else ([], ctx)
        elif isinstance(expr, cst.Attribute) and isinstance(expr.value, cst.Name):
            cls = self.class_of(expr.value, ctx)
            held = self.class_members(cls, expr.attr.value)[1] if cls is not None else []
            if len(held) == 1:
                values, vctx = [held[0][0]], held[0][1]
        if len(values) != 1:
            return None
        found = self.zoo_target(values[0], vctx, hops + 1)
        return None if found is None or found[2] is not None else found[:2]

    @staticmethod
    def zoo_steps(model: ZooModel, steps: list):
        """The submodule paths `steps` (attribute names, subscripts, "()" for `.children()`) select: None for the
        whole model, [path] for one part (`m.layer4[0]` -> ["layer4.0"]), several for a slice of a Sequential or
        of the children (`m.features[:2]` -> ["features.0", "features.1"]); _NOT_ZOO when they name no part (an
        attribute the model does not have). Below the two recorded levels a part stands for its recorded one."""
        if steps == ["forward_features"] and model.library == "timm":  # timm's body without its head: the ops
            first = next((i for i, (p, *_) in enumerate(model.ops) if p.split(".")[0] in _TIMM_HEADS), None)  # before
            return [p for p, *_ in model.ops[:first]] if first is not None else None  # the head's first
        prefix, paths = "", None
        for step in steps:
            if prefix.count(".") >= 1 and paths is None:
                break  # (`m.layer4[0].conv1`: layer4.0, the deepest recorded)
            if isinstance(step, str) and step != "()":
                if paths is not None:
                    return _NOT_ZOO
                prefix = f"{prefix}.{step}" if prefix else step
                if not model.has_part(prefix):
                    return _NOT_ZOO
                continue
            items = paths if paths is not None else _items(model, prefix)
            if step == "()":
                if paths is not None:
                    return _NOT_ZOO
                paths = items
            elif isinstance(step, cst.Index):
                k = _literal(step.value)
                if not isinstance(k, int) or not -len(items) <= k < len(items):
                    return _NOT_ZOO
                prefix, paths = items[k], None
            elif isinstance(step, cst.Slice) and step.step is None:
                lo, hi = (_literal(x) if x is not None else None for x in (step.lower, step.upper))
                if not all(x is None or isinstance(x, int) for x in (lo, hi)):
                    return _NOT_ZOO
                paths = items[lo:hi]
            else:
                return _NOT_ZOO
        return paths if paths is not None else [prefix] if prefix else None

    def zoo_surgery(self, pos_node: cst.CSTNode, model: ZooModel) -> tuple[list, list]:
        """(paths dropped, [(path, replacement, its function)]) for the parts the file replaces on the name or
        attribute the model built at pos_node is bound to: `m.avgpool = nn.Identity()`, `self.net.fc = ...`,
        `m.classifier[-1] = ...`, `setattr(m, "maxpool", ...)`, in the same function (`self.x`: the same class)."""
        dropped, out = [], []
        for rest, value in self.part_writes(pos_node):
            path = self.zoo_path(model, rest)
            if path is None:
                continue
            dropped.append(path)
            ctx = self.ex._fn_of_call.get(id(_unchain(value))) if isinstance(value, cst.Call) else None
            ctx = ctx or self.ex._fn_of_call.get(id(pos_node)) or self.ex._module_fn
            out.append((path, value, ctx))
        return dropped, out

    @staticmethod
    def zoo_path(model: ZooModel, rest: tuple) -> str | None:
        """The recorded path (two levels at most) an assignment chain below the model names: ("avgpool",) ->
        "avgpool", ("classifier", -1) -> "classifier.6"; None when deeper (only part of a recorded path replaced)
        or not a part."""
        if not 1 <= len(rest) <= 2 or not isinstance(rest[0], str) or rest[0] not in model.children:
            return None
        if len(rest) == 1:
            return rest[0]
        items = sorted({int(p.split(".")[1]) for p, *_ in model.ops if p.startswith(rest[0] + ".") and
                        p.split(".")[1].isdigit()})
        k = rest[1]
        if not isinstance(k, int) or not items or not -len(items) <= k < len(items) and k not in items:
            return None
        return f"{rest[0]}.{k if k >= 0 else items[k]}"

    def zoo_writes(self) -> tuple[dict, list]:
        """Memoised over the file: {id(builder call) -> (scope, holder chain)} for `m = models.x(...)` /
        `self.net = ...` (and `getattr(models, a)` of `getattr(models, a)(...)`), and [(scope, target chain,
        value)] of the assignments to attributes and items (and `setattr(x, "name", v)`). The scope is the
        enclosing function's node, or the class's for a chain on `self`."""
        memo = getattr(self.ex, "_zoo_writes", None)
        if memo is None:
            visitor = _Writes()
            if self.ex._module_node is not None:
                self.ex._module_node.visit(visitor)
            memo = self.ex._zoo_writes = (visitor.binds, visitor.writes)
        return memo


def _items(model: ZooModel, prefix: str) -> list[str]:
    """The paths of the children of a part, in order: the model's named children, else a Sequential's items."""
    if not prefix:
        return list(model.children)
    below = {p[len(prefix) + 1:].split(".")[0] for p, *_ in model.ops if p.startswith(prefix + ".")}
    return [f"{prefix}.{n}" for n in sorted(below, key=lambda n: (not n.isdigit(), int(n) if n.isdigit() else n))]


def _chain(e) -> tuple | None:
    """("self", "net", "classifier", -1) for `self.net.classifier[-1]`; None for other targets."""
    out: list = []
    while True:
        if isinstance(e, cst.Name):
            return (e.value, *out)
        if isinstance(e, cst.Attribute):
            out.insert(0, e.attr.value)
            e = e.value
        elif isinstance(e, cst.Subscript) and len(e.slice) == 1 and isinstance(e.slice[0].slice, cst.Index):
            k = _literal(e.slice[0].slice.value)
            if not isinstance(k, (int, str)):
                return None
            out.insert(0, k)
            e = e.value
        else:
            return None


class _Writes(cst.CSTVisitor):
    def __init__(self):
        self.scopes: list = [None]  # function nodes
        self.classes: list = [None]
        self.binds: dict[int, tuple] = {}
        self.writes: list[tuple] = []

    def visit_ClassDef(self, node):
        self.classes.append(node)

    def leave_ClassDef(self, node):
        self.classes.pop()

    def visit_FunctionDef(self, node):
        self.scopes.append(node)

    def leave_FunctionDef(self, node):
        self.scopes.pop()

    def scope(self, chain: tuple):
        return ("class", id(self.classes[-1])) if chain[0] == "self" and self.classes[-1] is not None else \
            ("fn", id(self.scopes[-1]))

    def visit_Assign(self, node: cst.Assign):
        if len(node.targets) != 1:
            return
        chain = _chain(node.targets[0].target)
        if chain is None:
            return
        value = _unchain(node.value) if isinstance(node.value, cst.Call) else node.value
        if isinstance(value, cst.Call):
            self.binds[id(value)] = (self.scope(chain), chain)
            if isinstance(value.func, cst.Call):
                self.binds[id(value.func)] = (self.scope(chain), chain)
        if len(chain) > 1:
            self.writes.append((self.scope(chain), chain, node.value))

    def visit_Call(self, node: cst.Call):
        if dotted_name(node.func) == "setattr" and len(node.args) == 3 and not any(a.star or a.keyword
                                                                                   for a in node.args):
            chain, name = _chain(node.args[0].value), _literal(node.args[1].value)
            if chain is not None and isinstance(name, str):
                self.writes.append((self.scope(chain), (*chain, name), node.args[2].value))

