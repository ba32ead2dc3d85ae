"""The layers a builder's loop puts in a list, in order (`for i, w in enumerate(widths): layers.append(nn.ELU() if
i == 0 else nn.Hardswish())`), by running its loops over literal ranges on literal values: which element each
index of `nn.Sequential(*layers)` is. Pure functions of libcst nodes; names the loop does not bind are read through
a callback (the resolver's constants). Anything not shown (a loop over an unknown iterable that grows the list, a
`break`, a mutation other than append/extend/`+=`) gives None, never a guess.
"""
from __future__ import annotations

import operator

import libcst as cst

from ms_scan.extract.grad_common import _NOLIT, _literal, _walk
from ms_scan.extract.visitor import dotted_name

# calls that read a list without changing it (`return nn.Sequential(*layers)`)
_READERS = frozenset({"Sequential", "ModuleList", "len", "list", "tuple", "enumerate", "zip", "reversed", "print",
                      "sum", "sorted"})
# read by evaluate
_METHODS = frozenset({"get", "pop", "lower", "upper", "strip", "casefold", "startswith", "endswith"})
_STR_TESTS = frozenset({"startswith", "endswith"})  # (of a string, with a string or tuple of strings)
MAX_ELEMENTS = 256  # elements of one unrolled list (and loop rounds): a bound on the work
_UNKNOWN = object()  # a value the loops do not decide (an element of a sequence whose length is known)

_COMPARE = {cst.Equal: operator.eq, cst.NotEqual: operator.ne, cst.LessThan: operator.lt,
            cst.LessThanEqual: operator.le, cst.GreaterThan: operator.gt, cst.GreaterThanEqual: operator.ge,
            cst.In: lambda a, b: a in b, cst.NotIn: lambda a, b: a not in b, cst.Is: operator.is_,
            cst.IsNot: operator.is_not}
_ARITH = {cst.Add: operator.add, cst.Subtract: operator.sub, cst.Multiply: operator.mul,
          cst.FloorDivide: operator.floordiv, cst.Modulo: operator.mod}


class Table(tuple):
    """A dict display's value (`{"act": "relu6", "width": 64}`, `dict(act="relu6")`) as hashable (key, value)
    pairs: literal keys only."""

    def lookup(self, key):
        return next((v for k, v in self if k == key), _NOLIT)


ENV_READS = frozenset({"os.environ.get", "environ.get", "os.getenv", "getenv"})


def env_default(call: cst.Call):
    """The default of an environment read (`os.environ.get("GP_WEIGHT", "10")`, `os.getenv(name, default="1")`),
    the value the script runs with when the variable is not set; None without one."""
    if dotted_name(call.func) not in ENV_READS or any(a.star for a in call.args):
        return None
    given = [a.value for a in call.args if a.keyword is None]
    kw = next((a.value for a in call.args if a.keyword is not None and a.keyword.value == "default"), None)
    return given[1] if len(given) == 2 else kw


def _range(*args):
    if 1 <= len(args) <= 3 and all(isinstance(a, int) and not isinstance(a, bool) for a in args) and \
            (len(args) < 3 or args[2]):
        r = range(*args)
        return tuple(r) if len(r) <= MAX_ELEMENTS else _NOLIT
    return _NOLIT


def _number(kind):
    def convert(*args):  # `int(os.environ.get("STEPS", "4"))`
        if len(args) == 1 and isinstance(args[0], (str, int, float)) and not isinstance(args[0], bool):
            try:
                return kind(args[0])
            except ValueError:
                pass
        return _NOLIT
    return convert


def _one(kinds, fn):
    return lambda *args: fn(args[0]) if len(args) == 1 and isinstance(args[0], kinds) else _NOLIT


# the builtins evaluate computes from their arguments' values (_NOLIT when they do not apply)
_BUILTINS = {
    "range": _range,
    "enumerate": _one((tuple, list, str), lambda a: tuple(enumerate(a))),
    "zip": lambda *args: tuple(zip(*args)) if args and all(isinstance(a, (tuple, list, str)) for a in args)
    else _NOLIT,
    "vars": _one(Table, lambda a: a),  # `vars(cfg.model)`: its fields
    "len": _one((tuple, list, str), len),
    "int": _number(int),
    "float": _number(float),
    "list": _one((tuple, list), tuple),
    "tuple": _one((tuple, list), tuple),
    "reversed": _one((tuple, list), lambda a: tuple(reversed(a))),
}


def evaluate(e, env: dict, const):
    """The Python value of a literal-ish expression (ints, strings, tuples, dicts as Tables, ranges,
    enumerate/zip, comparisons, arithmetic, subscripts, slices, `d.get(k, default)`, `d.pop(k)`, `s.lower()`,
    `s.startswith(p)`) with the names of `env`, other names (and `name.attr` of what is no Table) through
    `const(name)` and other calls through `const(call)` (a config object's Table); _NOLIT when not known."""
    lit = _literal(e)
    if lit is not _NOLIT:
        return lit
    if isinstance(e, cst.Name):
        return env[e.value] if e.value in env else const(e.value)
    if isinstance(e, cst.Attribute):  # `cfg.model.act` of a config object (a Table), `self.use_elu`
        base = evaluate(e.value, env, const)
        if not isinstance(base, Table):
            return const(f"{e.value.value}.{e.attr.value}") if isinstance(e.value, cst.Name) else _NOLIT
        found = base.lookup(e.attr.value)
        return _NOLIT if found is _UNKNOWN else found
    if isinstance(e, cst.Call) and dotted_name(e.func) in ENV_READS:
        default = env_default(e)  # `os.environ.get("ACT", "prelu")`: what runs with the variable not set
        return evaluate(default, env, const) if default is not None else _NOLIT
    if isinstance(e, cst.Call) and isinstance(e.func, cst.Attribute) and e.func.attr.value in _METHODS and \
            not any(a.star or a.keyword for a in e.args):
        base = evaluate(e.func.value, env, const)
        args = [evaluate(a.value, env, const) for a in e.args]
        if isinstance(base, Table) and e.func.attr.value in ("get", "pop") and 1 <= len(args) <= 2:
            found = base.lookup(args[0])
            found = (args[1] if len(args) == 2 else None) if found is _NOLIT else found
            return _NOLIT if found is _UNKNOWN else found
        if isinstance(base, str) and not args and e.func.attr.value not in ("get", "pop") and \
                e.func.attr.value not in _STR_TESTS:
            return getattr(base, e.func.attr.value)()
        if isinstance(base, str) and e.func.attr.value in _STR_TESTS and len(args) == 1 and \
                (isinstance(args[0], str) or isinstance(args[0], tuple) and args[0] and
                 all(isinstance(a, str) for a in args[0])):
            return getattr(base, e.func.attr.value)(args[0])  # `name.startswith("fc")`
        return _NOLIT
    if isinstance(e, (cst.Tuple, cst.List)):
        if any(isinstance(el, cst.StarredElement) for el in e.elements):
            return _NOLIT
        return tuple(_known(evaluate(el.value, env, const)) for el in e.elements)
    if isinstance(e, cst.Dict):
        pairs = []
        for el in e.elements:
            key = _literal(el.key) if isinstance(el, cst.DictElement) else _NOLIT
            if key is _NOLIT:
                return _NOLIT
            pairs.append((key, _known(evaluate(el.value, env, const))))
        return Table(pairs)
    if isinstance(e, cst.Subscript) and len(e.slice) == 1:
        base = evaluate(e.value, env, const)
        s = e.slice[0].slice
        if isinstance(base, Table) and isinstance(s, cst.Index):
            found = base.lookup(evaluate(s.value, env, const))
            return _NOLIT if found is _UNKNOWN else found
        if not isinstance(base, (tuple, list, str)) or isinstance(base, Table):
            return _NOLIT
        if isinstance(s, cst.Index):
            i = evaluate(s.value, env, const)
            return base[i] if isinstance(i, int) and not isinstance(i, bool) and -len(base) <= i < len(base) \
                else _NOLIT
        bounds = [evaluate(x, env, const) if x is not None else None for x in (s.lower, s.upper, s.step)]
        if all(b is None or isinstance(b, int) and not isinstance(b, bool) for b in bounds) and bounds[2] != 0:
            return tuple(base[slice(*bounds)])
        return _NOLIT
    if isinstance(e, cst.Call) and (dotted_name(e.func) or "").rpartition(".")[2] == "ChainMap" and \
            not any(a.star or a.keyword for a in e.args):  # `ChainMap(cli, PROFILES[site], DEFAULTS)`: first wins
        maps = [evaluate(a.value, env, const) for a in e.args]
        if not all(isinstance(m, Table) for m in maps):
            return _NOLIT
        merged: dict = {}
        for m in reversed(maps):
            merged.update(m)
        return Table(merged.items())
    if isinstance(e, cst.DictComp):  # `{k: v for k, v in {"lr": args.lr}.items() if v is not None}`
        return _dict_comp(e, env, const)
    if isinstance(e, cst.Call) and isinstance(e.func, cst.Name) and e.func.value == "dict" and \
            all(a.keyword is not None and not a.star for a in e.args):
        return Table((a.keyword.value, _known(evaluate(a.value, env, const))) for a in e.args)
    if isinstance(e, cst.Call) and isinstance(e.func, cst.Name) and e.func.value == "dict" and e.args and \
            e.args[0].keyword is None and not e.args[0].star and \
            all(a.keyword is not None and not a.star for a in e.args[1:]):  # `dict(CONFIG)`, `dict(CONFIG, lr=1)`
        base = evaluate(e.args[0].value, env, const)
        if not isinstance(base, Table):
            return _NOLIT
        given = {a.keyword.value: _known(evaluate(a.value, env, const)) for a in e.args[1:]}
        return Table([(k, given.pop(k) if k in given else v) for k, v in base] + list(given.items()))
    if isinstance(e, cst.Call) and isinstance(e.func, cst.Name) and not any(a.star or a.keyword for a in e.args):
        name = e.func.value
        if name not in _BUILTINS:  # (`Config(...)`, `deep_update(...)`: what the resolver knows it gives)
            return const(e)
        args = [evaluate(a.value, env, const) for a in e.args]
        if any(a is _NOLIT for a in args):
            return _NOLIT
        value = _BUILTINS[name](*args)
        return const(e) if value is _NOLIT else value
    if isinstance(e, cst.Call):
        return const(e)  # `Config(model=ModelCfg(act="elu"))`: what the resolver knows it builds
    if isinstance(e, cst.Comparison):
        left = evaluate(e.left, env, const)
        for target in e.comparisons:
            right = evaluate(target.comparator, env, const)
            op = _COMPARE.get(type(target.operator))
            if op is None or _NOLIT in (left, right) or _UNKNOWN in (left, right):
                return _NOLIT
            try:
                if not op(left, right):
                    return False
            except TypeError:
                return _NOLIT
            left = right
        return True
    if isinstance(e, cst.BooleanOperation):
        left = evaluate(e.left, env, const)
        if isinstance(e.operator, cst.And) and left is False or isinstance(e.operator, cst.Or) and left is True:
            return left
        right = evaluate(e.right, env, const)
        return right if isinstance(left, bool) and isinstance(right, bool) else _NOLIT
    if isinstance(e, cst.UnaryOperation) and isinstance(e.operator, cst.Not):
        v = evaluate(e.expression, env, const)
        return (not v) if isinstance(v, bool) else _NOLIT
    if isinstance(e, cst.BinaryOperation) and type(e.operator) in _ARITH:
        a, b = evaluate(e.left, env, const), evaluate(e.right, env, const)
        if all(isinstance(x, int) and not isinstance(x, bool) for x in (a, b)) and \
                not (b == 0 and isinstance(e.operator, (cst.FloorDivide, cst.Modulo))):
            return _ARITH[type(e.operator)](a, b)
        return _NOLIT
    if isinstance(e, cst.IfExp):
        test = evaluate(e.test, env, const)
        if test is None or isinstance(test, (str, int)):  # `x if args.config else y`, no option given: y
            test = bool(test)
        return evaluate(e.body if test else e.orelse, env, const) if isinstance(test, bool) else _NOLIT
    return _NOLIT


def _dict_comp(e: cst.DictComp, env: dict, const):
    """evaluate of a dict comprehension over one `for k, v in <Table>.items()` (its `if`s decided per item)."""
    f = e.for_in
    it = f.iter
    names = [el.value.value for el in f.target.elements if isinstance(el.value, cst.Name)] \
        if isinstance(f.target, cst.Tuple) else []
    if f.inner_for_in is not None or f.asynchronous or len(names) != 2 or len(f.target.elements) != 2 or \
            not (isinstance(it, cst.Call) and isinstance(it.func, cst.Attribute) and it.func.attr.value == "items"
                 and not it.args):
        return _NOLIT
    base = evaluate(it.func.value, env, const)
    if not isinstance(base, Table):
        return _NOLIT
    out = []
    for k, v in base:
        inner = {**env, names[0]: k, names[1]: _NOLIT if v is _UNKNOWN else v}
        tests = [evaluate(c.test, inner, const) for c in f.ifs]
        if not all(isinstance(t, bool) for t in tests):
            return _NOLIT
        if all(tests):
            key = evaluate(e.key, inner, const)
            if key is _NOLIT or key is _UNKNOWN:
                return _NOLIT
            out.append((key, _known(evaluate(e.value, inner, const))))
    return Table(out)


def _known(v):
    return _UNKNOWN if v is _NOLIT else v


def picked(e, env: dict, const) -> tuple:
    """(expression, choices) for the element expression `e` puts in the list with the loops' values: a conditional
    expression whose test they decide is its chosen arm; inside it, `choices` maps id(node) of each other decided
    conditional to its arm and of each table key that is a loop name (`ACTS[arg]()`) to its value, for the
    expansion to read (the tree is not rebuilt: its nodes keep their positions)."""
    while isinstance(e, cst.IfExp):
        test = evaluate(e.test, env, const)
        if not isinstance(test, bool):
            break
        e = e.body if test else e.orelse
    choices: dict = {}
    if not env:
        return e, choices
    for n in _walk(e):
        if isinstance(n, cst.IfExp):
            test = evaluate(n.test, env, const)
            if isinstance(test, bool):
                choices[id(n)] = n.body if test else n.orelse
        elif isinstance(n, cst.Subscript) and len(n.slice) == 1 and isinstance(n.slice[0].slice, cst.Index) and \
                isinstance(n.slice[0].slice.value, cst.Name) and n.slice[0].slice.value.value in env:
            key = env[n.slice[0].slice.value.value]
            if isinstance(key, (str, int)) and not isinstance(key, bool):
                choices[id(n.slice[0].slice.value)] = key
        elif isinstance(n, cst.Call) and isinstance(n.func, cst.Name) and n.func.value == "getattr" and \
                len(n.args) >= 2 and isinstance(n.args[1].value, cst.Name) and n.args[1].value.value in env:
            key = env[n.args[1].value.value]  # `getattr(nn, name)(**kw)`: the attribute name that round looks up
            if isinstance(key, str):
                choices[id(n.args[1].value)] = key
    return e, choices


class _Stop(Exception):
    """The list's building is not shown: unroll gives None."""


def unroll(stmts, name: str, const, initial: list | None = None) -> list | None:
    """The (element expression, choices) pairs, in order, that the statements `stmts` (a function body) put in the
    list `name` (a plain or `self.x` name): `name = [...]` / `nn.ModuleList()` starts it, `append` / `extend([...])`
    / `+= [...]` grow it (an `OrderedDict()`, its item assignments), each conditional element's arm picked by the
    loop values (picked). None when not shown."""
    state = {"items": initial, "rounds": 0, "ordered": False, "held": {}}
    try:
        _run(stmts, name, {}, const, state)
    except _Stop:
        return None
    return state["items"]


def _touches(node, name: str) -> bool:
    return any(dotted_name(n) == name for n in _walk(node) if isinstance(n, (cst.Name, cst.Attribute)))


def _run(stmts, name: str, env: dict, const, state: dict) -> None:
    for st in stmts:
        if isinstance(st, cst.SimpleStatementLine):
            for small in st.body:
                _small(small, name, env, const, state)
        elif isinstance(st, cst.For):
            if not _touches(st.body, name):
                continue
            rounds = evaluate(st.iter, env, const)
            if not isinstance(rounds, (tuple, list)) or st.orelse is not None or \
                    any(isinstance(n, (cst.Break, cst.Continue)) for n in _walk(st.body)):
                raise _Stop
            for value in rounds:
                state["rounds"] += 1
                if state["rounds"] > MAX_ELEMENTS:
                    raise _Stop
                inner = dict(env)
                bind_target(st.target, value, inner)
                _run(st.body.body, name, inner, const, state)
                env.update({k: v for k, v in inner.items() if k in env})  # (names the loop rebinds, as `d = w`)
        elif isinstance(st, cst.If):
            test = evaluate(st.test, env, const)
            if isinstance(test, bool):
                branch = st.body if test else st.orelse
                if isinstance(branch, cst.If):  # an elif
                    _run([branch], name, env, const, state)
                elif isinstance(branch, cst.Else):
                    _run(branch.body.body, name, env, const, state)
                elif branch is not None:
                    _run(branch.body, name, env, const, state)
            elif _touches(st, name):
                raise _Stop
        elif isinstance(st, (cst.FunctionDef, cst.ClassDef)):
            continue
        elif _touches(st, name):
            raise _Stop  # a while loop, a with or try block that grows it: not followed


def bind_target(target, value, env: dict) -> None:
    if isinstance(target, cst.Name):
        env[target.value] = value
    elif isinstance(target, (cst.Tuple, cst.List)) and isinstance(value, (tuple, list)) and \
            len(target.elements) == len(value):
        for el, v in zip(target.elements, value):
            bind_target(el.value, v, env)
    else:
        for n in _walk(target):
            if isinstance(n, cst.Name):
                env[n.value] = _UNKNOWN


def _small(small, name: str, env: dict, const, state: dict) -> None:
    items = state["items"]
    if isinstance(small, cst.Assign):
        for t in small.targets:
            _assign(t.target, small.value, name, env, const, state)
        return
    if isinstance(small, cst.AnnAssign) and small.value is not None:
        _assign(small.target, small.value, name, env, const, state)
        return
    if isinstance(small, cst.AugAssign) and dotted_name(small.target) == name:
        if not isinstance(small.operator, cst.AddAssign) or items is None:
            raise _Stop
        _extend(small.value, env, const, state)
        return
    if isinstance(small, cst.Expr) and isinstance(small.value, cst.Call) and \
            isinstance(small.value.func, cst.Attribute) and dotted_name(small.value.func.value) == name:
        call, meth = small.value, small.value.func.attr.value
        if items is None or meth not in ("append", "extend") or len(call.args) != 1 or call.args[0].star or \
                call.args[0].keyword:
            raise _Stop
        if meth == "append":
            arg = call.args[0].value  # (`layer = BUILDERS[kind](c)` then `layers.append(layer)`: that layer)
            _add(state, state["held"][arg.value] if isinstance(arg, cst.Name) and arg.value in state["held"] else
                 picked(arg, env, const))
        else:
            _extend(call.args[0].value, env, const, state)
        return
    if _touches(small, name) and not isinstance(small, (cst.Return, cst.Expr)):
        raise _Stop
    for n in _walk(small):  # `layers.pop()`, `add_block(layers, 64)`: may change it; `nn.Sequential(*layers)` reads
        if isinstance(n, cst.Call) and (isinstance(n.func, cst.Attribute) and dotted_name(n.func.value) == name or
                                        (dotted_name(n.func) or "").rpartition(".")[2] not in _READERS and
                                        any(_touches(a.value, name) for a in n.args)):
            raise _Stop


def _assign(target, value, name: str, env: dict, const, state: dict) -> None:
    if isinstance(target, (cst.Tuple, cst.List)) and isinstance(value, (cst.Tuple, cst.List)) and \
            len(target.elements) == len(value.elements):
        for t, v in zip(target.elements, value.elements):
            _assign(t.value, v.value, name, env, const, state)
        return
    for n in _walk(target):
        if isinstance(n, cst.Name):
            state["held"].pop(n.value, None)
    if isinstance(value, cst.Call) and not _touches(value, name):  # a layer a later append may take
        if isinstance(target, cst.Name):
            state["held"][target.value] = picked(value, env, const)
        elif isinstance(target, (cst.Tuple, cst.List)) and not any(isinstance(el, cst.StarredElement)
                                                                   for el in target.elements):
            e, chosen = picked(value, env, const)
            for i, el in enumerate(target.elements):  # `layer, c = BUILDERS[kind](c, a)`: element i of its result
                if isinstance(el.value, cst.Name):
                    state["held"][el.value.value] = (cst.Subscript(e, [cst.SubscriptElement(cst.Index(cst.Integer(
                        str(i))))]), chosen)
    if dotted_name(target) == name:
        state["items"], state["ordered"] = [], False
        if isinstance(value, (cst.List, cst.Tuple)):
            _extend(value, env, const, state)
        elif isinstance(value, cst.Call) and not value.args and \
                (dotted_name(value.func) or "").rpartition(".")[2] == "OrderedDict":
            state["ordered"] = True  # (its keys' order is the layers' order: `nn.Sequential(layers)`)
        elif not (isinstance(value, cst.Call) and not value.args and
                  (dotted_name(value.func) or "").rpartition(".")[2] in ("ModuleList", "Sequential", "list")):
            raise _Stop
        return
    if isinstance(target, cst.Subscript) and dotted_name(target.value) == name and state["ordered"]:
        _add(state, picked(value, env, const))  # `layers["c%d" % i] = m` of an OrderedDict: the next layer
        return
    if _touches(target, name):
        raise _Stop  # `layers[0] = m`
    if isinstance(target, cst.Name):
        env[target.value] = _known(evaluate(value, env, const))


def _extend(value, env: dict, const, state: dict) -> None:
    if not isinstance(value, (cst.List, cst.Tuple)) or state["items"] is None:
        raise _Stop
    for el in value.elements:
        if isinstance(el, cst.StarredElement):
            raise _Stop
        _add(state, picked(el.value, env, const))


def _add(state: dict, e) -> None:
    if len(state["items"]) >= MAX_ELEMENTS:
        raise _Stop
    state["items"].append(e)


def case_tests(match: cst.Match) -> list[tuple]:
    """(case, the test its body runs under, the test that is false when it does not match, whether its pattern is
    known) for each case of a `match` statement, as an if/elif chain's: `case "gelu" if fast:` -> (`subject == "gelu"
    and fast`, None, True), `case "leaky" | "lrelu":` -> (`subject == "leaky" or subject == "lrelu"`, the same, True),
    `case _:` -> (None, None, True). A pattern that is not a literal's (class, mapping, sequence, capture with a
    pattern of those) is not known: (its guard or None, None, False), a case that may or may not match whatever its
    guard gives. The tests are new nodes, made once per guards() or call."""
    out = []
    for case in match.cases:
        test = _pattern_test(match.subject, case.pattern, 0)
        body = test if test is not True and test is not None else None
        if case.guard is not None:
            body = case.guard if body is None else cst.BooleanOperation(body, cst.And(), case.guard)
        fail = test if test is not True and case.guard is None else None
        out.append((case, body, fail, test is not None))
    return out


def _pattern_test(subject, pattern, depth: int):
    """The test a literal pattern makes of the subject; True for one always matching (`_`, a capture), None when
    not known."""
    if depth > 8:
        return None
    if isinstance(pattern, cst.MatchAs):
        return True if pattern.pattern is None else _pattern_test(subject, pattern.pattern, depth + 1)
    if isinstance(pattern, cst.MatchValue):
        return cst.Comparison(subject, [cst.ComparisonTarget(cst.Equal(), pattern.value)])
    if isinstance(pattern, cst.MatchSingleton):
        return cst.Comparison(subject, [cst.ComparisonTarget(cst.Is(), pattern.value)])
    if isinstance(pattern, cst.MatchOr):
        parts = [_pattern_test(subject, p.pattern, depth + 1) for p in pattern.patterns]
        if any(p is None for p in parts):
            return None
        if any(p is True for p in parts):
            return True
        test = parts[0]
        for p in parts[1:]:
            test = cst.BooleanOperation(test, cst.Or(), p)
        return test
    return None


def reachable_returns(stmts, env: dict, const) -> list:
    """The values of the `return` statements of a function body (`stmts`) that can run with the parameters'
    values in `env`: an if/elif chain on them (`if name == "elu": return nn.ELU()`) is followed only into the
    branch its tests pick, a test not decided takes both; a bare `return` gives None."""
    out: list = []
    _returns(stmts, env, const, out)
    return out


def _returns(stmts, env: dict, const, out: list) -> bool:
    """Appends the reachable returns of `stmts` to out; True when running them always leaves the function."""
    for st in stmts:
        if isinstance(st, cst.SimpleStatementLine):
            for small in st.body:
                if isinstance(small, cst.Return):
                    out.append(small.value)
                    return True
                if isinstance(small, cst.Raise):
                    return True
        elif isinstance(st, cst.If):
            test = evaluate(st.test, env, const)
            branches = [st.body] if test is True else [st.orelse] if test is False else [st.body, st.orelse]
            left = [_returns(_block(b), env, const, out) if b is not None else False for b in branches]
            if all(left):
                return True
        elif isinstance(st, cst.Match):  # the cases as an if/elif chain (case_tests)
            exits, matched = [], False
            for case, body, _, known in case_tests(st):
                truth = evaluate(body, env, const) if body is not None else None
                if truth is not False:
                    exits.append(_returns(list(case.body.body), env, const, out))
                if known and (truth is True or body is None):  # (this case surely matches when reached: the
                    matched = True  # later ones never run)
                    break
            if matched and all(exits):
                return True
        elif isinstance(st, (cst.FunctionDef, cst.ClassDef)):
            continue
        else:
            out.extend(n.value for n in _walk(st) if isinstance(n, cst.Return))
    return False


def _block(branch) -> list:
    """The statements of an if's body, elif (an If) or else."""
    if isinstance(branch, cst.If):
        return [branch]
    if isinstance(branch, cst.Else):
        return list(branch.body.body)
    return list(branch.body)
