"""Parse MindSpore C++ bprop expander sources: registrations, bodies, helpers, op-name constants.

Text-level parsing only (string-aware bracket matching, regexes); it does not build a C++ AST,
so macro tricks and operator overloads on NodePtr (``a * b``) are invisible by design.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

REG_RE = re.compile(r'REG_BPROP_BUILDER\(\s*(?:"(\w+)"|((?:\w+::)*k\w+))\s*\)')
EMIT_RE = re.compile(
    r'(?<![A-Za-z_])(?:Emit|EmitOp|UnifyDtypeAndEmit)\(\s*(?:"(\w+)"|((?:\w+::)*k\w+)(?:->name\(\))?)')
METHOD_RE = re.compile(r'(?:\bib|\be|\bemitter|\bbuilder|\bib_|\bthis)\s*->\s*([A-Z]\w*)\s*[(<]')
CALL_RE = re.compile(r'(?<![\w.>:])(?:\w+::)*([A-Za-z_]\w*)\s*\(')
CONST_RE = re.compile(r'constexpr\s+(?:auto|char|const\s+char\s*\*)\s+(k\w+)\s*(?:\[\])?\s*=\s*"(\w+)"')
PRIM_RE = re.compile(
    r'(kPrim\w+)\s*(?:,|=)\s*std::make_shared<(?:Primitive|prim::\w+|\w+)>\(\s*(?:"(\w+)"|((?:\w+::)*k\w+))')
SETBODY_NAME_RE = re.compile(r'\.SetBody\(\s*([A-Za-z_]\w*)\s*\)')
# A free function that takes a builder/emitter pointer: candidate helper or named body.
FUNC_HEAD_RE = re.compile(r'(?<![\w.>:])(?:\w+::)*([A-Za-z_]\w*)\s*\(')
BUILDER_PARAM_RE = re.compile(r'\b(?:BpropBuilder|BpropIRBuilder|Emitter|IrBuilder|FuncBuilder)\s*\*')

# Methods on the builder that never emit a differentiable primitive (structure, attrs, constants).
STRUCTURAL_METHODS = frozenset("""
GetInput GetInputs GetAttr GetAttrs GetShape GetDtype GetDtypeId GetRank GetSize Value Tensor EmitValue
OutZeros ShapeCalc Shape TupleGetItem MakeTuple MakeList Conditional While DynSize Range IsDynRank IsDynShape
NeedReduce GetTargetFromContext GetInputValue SetAttr SetInputs name formatter func_graph TensorToScalar
ScalarToTensor TupleToTensor TensorToTuple ListToTuple SequenceToTensor Len Depend EmitOp Emit UnifyDtypeAndEmit
NewFuncNode NewIrNode InputNodes SetBody Abstract BroadcastGradientArgs GetNumOutput GetSize GetInputAbstract
ZerosLikeNode IsScalar Apply CreateFunctor
""".split())

KEYWORDS = frozenset("if for while switch return sizeof catch static_cast dynamic_cast reinterpret_cast "
                     "const_cast decltype BODYFUNC MS_LOG MS_EXCEPTION MS_EXCEPTION_IF_NULL "
                     "MS_EXCEPTION_IF_CHECK_FAIL MS_ASSERT".split())


def strip_comments(text: str) -> str:
    """Blank out // and /* */ comments, keeping string literals and newlines (line numbers stay valid)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == '/' and i + 1 < n and text[i + 1] == '/':
            j = text.find('\n', i)
            j = n if j < 0 else j
            out.append(' ' * (j - i))
            i = j
        elif c == '/' and i + 1 < n and text[i + 1] == '*':
            j = text.find('*/', i + 2)
            j = n if j < 0 else j + 2
            out.append(''.join(ch if ch == '\n' else ' ' for ch in text[i:j]))
            i = j
        elif c == '"' or c == "'":
            j = _skip_literal(text, i)
            out.append(text[i:j])
            i = j
        elif c == 'R' and text.startswith('R"(', i):
            j = text.find(')"', i + 3)
            j = n if j < 0 else j + 2
            out.append(text[i:j])
            i = j
        else:
            out.append(c)
            i += 1
    return ''.join(out)


def _skip_literal(text: str, i: int) -> int:
    q = text[i]
    j = i + 1
    n = len(text)
    while j < n:
        if text[j] == '\\':
            j += 2
            continue
        if text[j] == q or text[j] == '\n':
            return j + 1
        j += 1
    return n


def _outside_literals(text: str, i: int):
    """(index, character, bracket depth after it) for each character from i that is not inside a
    string or character literal."""
    depth = 0
    n = len(text)
    j = i
    while j < n:
        c = text[j]
        if c in '"\'':
            j = _skip_literal(text, j)
            continue
        if c in '({[':
            depth += 1
        elif c in ')}]':
            depth -= 1
        yield j, c, depth
        j += 1


def match_close(text: str, i: int) -> int:
    """Index of the bracket closing the one at ``text[i]`` (string-aware); len(text) if unbalanced."""
    for j, c, depth in _outside_literals(text, i):
        if depth == 0 and c in ')}]':
            return j
    return len(text)


def statement_end(text: str, i: int) -> int:
    """Index of the ';' ending the statement starting at i, at bracket depth 0 (string-aware)."""
    for j, c, depth in _outside_literals(text, i):
        if c == ';' and depth <= 0:
            return j
    return len(text)


def line_of(text: str, pos: int) -> int:
    return text.count('\n', 0, pos) + 1


@dataclass
class Registration:
    name: str
    file: str
    line: int
    body: str                 # inline body text ('' when the chain names a function)
    body_func: str | None     # .SetBody(Name)


def find_registrations(text: str, path: str, consts: dict[str, str]) -> list[Registration]:
    """All REG_BPROP_BUILDER(...) chains in one (comment-stripped) file."""
    regs = []
    for m in REG_RE.finditer(text):
        # skip the macro definition itself: "#define REG_BPROP_BUILDER(name)"
        ls = text.rfind('\n', 0, m.start()) + 1
        if text[ls:m.start()].lstrip().startswith('#'):
            continue
        name = m.group(1) or resolve_const(m.group(2), consts)
        end = statement_end(text, m.end())
        chain = text[m.end():end]
        nm = SETBODY_NAME_RE.search(chain)
        body_func = None
        body = chain
        if nm and nm.group(1) != 'BODYFUNC':
            body_func = nm.group(1)
            body = ''
        regs.append(Registration(name, path, line_of(text, m.start()), body, body_func))
    return regs


def resolve_const(token: str, consts: dict[str, str]) -> str:
    """kXxxOpName / prim::kPrimX / ops::kNameX -> primitive name (table first, then naming fallbacks)."""
    bare = token.split('::')[-1]
    if bare in consts:
        return consts[bare]
    for pat in (r'^kPrim(\w+)$', r'^kName(\w+)$', r'^k(\w+)OpName$', r'^k(\w+)$'):
        m = re.match(pat, bare)
        if m:
            return m.group(1)
    return bare


def parse_constants(text: str) -> dict[str, str]:
    """constexpr auto kX = "Y"; and kPrimX = make_shared<Primitive>(kY|"Y") from a header."""
    text = strip_comments(text)
    consts = {k: v for k, v in CONST_RE.findall(text)}
    for m in PRIM_RE.finditer(text):
        prim, lit, tok = m.groups()
        consts[prim] = lit if lit else consts.get(tok.split('::')[-1], resolve_const(tok, {}))
    return consts


def find_functions(text: str, need_builder: bool = True) -> dict[str, list[str]]:
    """Free or member function definitions ``Name(params) [const] [override] {body}`` -> bodies.

    With need_builder, only functions whose parameter list mentions a builder/emitter pointer
    (bprop helpers, named SetBody functions). Member definitions ``Cls::Name`` are keyed by Name.
    """
    funcs: dict[str, list[str]] = {}
    n = len(text)
    for m in FUNC_HEAD_RE.finditer(text):
        name = m.group(1)
        if name in KEYWORDS:
            continue
        po = m.end() - 1
        pc = match_close(text, po)
        if pc >= n:
            continue
        params = text[po + 1:pc]
        if need_builder and not BUILDER_PARAM_RE.search(params):
            continue
        k = pc + 1
        tail = re.match(r'\s*(?:const\s*)?(?:override\s*)?(?:noexcept\s*)?(?:->\s*[\w:<>, ]+?\s*)?\{', text[k:k + 200])
        if not tail:
            continue
        # a call like foo(ib) { ... } does not occur; but reject lambdas/expressions preceded by '=' etc.
        before = text[max(0, m.start() - 80):m.start()].rstrip()
        if before.endswith(('=', '(', ',', 'return', '.', '->')):
            continue
        bo = k + tail.end() - 1
        bc = match_close(text, bo)
        funcs.setdefault(name, []).append(text[bo:bc + 1])
    return funcs


@dataclass
class EmitterMap:
    """Emitter/BpropBuilder method name -> primitives it emits (first level + methods it calls)."""
    bodies: dict[str, list[str]] = field(default_factory=dict)
    consts: dict[str, str] = field(default_factory=dict)
    known_prims: set[str] = field(default_factory=set)
    _memo: dict[str, frozenset] = field(default_factory=dict)

    def add_source(self, text: str) -> None:
        text = strip_comments(text)
        for name, bodies in find_functions(text, need_builder=False).items():
            if name[:1].isupper():
                self.bodies.setdefault(name, []).extend(bodies)

    def emits(self, method: str, _stack: tuple = ()) -> frozenset:
        if method in self._memo:
            return self._memo[method]
        if method in STRUCTURAL_METHODS:
            return frozenset()
        if method in _stack:
            return frozenset()
        out: set[str] = set()
        for body in self.bodies.get(method, []):
            for lit, tok in EMIT_RE.findall(body):
                out.add(lit or resolve_const(tok, self.consts))
            for callee in set(CALL_RE.findall(body)) | set(METHOD_RE.findall(body)):
                if callee != method and callee in self.bodies and callee[:1].isupper():
                    out |= self.emits(callee, _stack + (method,))
        if not out and method in self.known_prims:
            out.add(method)
        res = frozenset(out)
        if not _stack:
            self._memo[method] = res
        return res


class BodyAnalyzer:
    """Computes emits() of bprop bodies, following helpers transitively (memoised)."""

    def __init__(self, helpers: dict[str, list[str]], emitter: EmitterMap, consts: dict[str, str],
                 known_prims: set[str]):
        self.helpers = helpers
        self.emitter = emitter
        self.consts = consts
        self.known = known_prims
        self.unresolved_methods: set[str] = set()
        self._memo: dict[str, frozenset] = {}

    def body_emits(self, body: str, _stack: tuple = ()) -> set[str]:
        out: set[str] = set()
        for lit, tok in EMIT_RE.findall(body):
            out.add(lit or resolve_const(tok, self.consts))
        for meth in METHOD_RE.findall(body):
            if meth in STRUCTURAL_METHODS:
                continue
            got = self.emitter.emits(meth) if meth in self.emitter.bodies else frozenset()
            if got:
                out |= got
            elif meth in self.known:
                out.add(meth)
            elif meth not in self.helpers:
                self.unresolved_methods.add(meth)
        for callee in set(CALL_RE.findall(body)):
            if callee in self.helpers and callee not in _stack:
                out |= self.helper_emits(callee, _stack)
        return out

    def helper_emits(self, name: str, _stack: tuple = ()) -> frozenset:
        if name in self._memo:
            return self._memo[name]
        res = set()
        for body in self.helpers.get(name, []):
            res |= self.body_emits(body, _stack + (name,))
        res = frozenset(res)
        if not _stack:
            self._memo[name] = res
        return res


# ------------------------------------------------------------------ string-attribute branches
# A bprop that reads a string attribute of its primitive (``auto mode = GetValue<std::string>(ib->GetAttr("mode"))``
# or the same expression inline) and branches on it with ==/!= against literals emits different primitives per
# value: PadV3 emits PadV3 for mode "constant" and PadV3Grad otherwise.
_ATTR_EXPR = (r'(?:GetValue<std::string>\(\s*\w+\s*->\s*GetAttr\(\s*(?:"(\w+)"|((?:\w+::)*k\w+))\s*\)\s*\)'
              r'|\w+\s*->\s*GetAttr<std::string>\(\s*(?:"(\w+)"|((?:\w+::)*k\w+))\s*\))')
_ATTR_ONE_RE = re.compile(_ATTR_EXPR)
ATTR_EXPR_RE = re.compile(r'\(\s*(?:' + _ATTR_EXPR + r')\s*\)|' + _ATTR_EXPR)
ATTR_VAR_RE = re.compile(r'(?:const\s+)?(?:auto|std::string|string)\s*&{0,2}\s*(\w+)\s*=\s*' + _ATTR_EXPR + r'\s*;')
IF_RE = re.compile(r'(?<![\w])if\s*\(')
_CMP_RE = re.compile(r'^(\w+)\s*(==|!=)\s*"([^"]*)"$|^"([^"]*)"\s*(==|!=)\s*(\w+)$')
_INLINE_PREFIX = '__attr_'


def _attr_name(groups: tuple, consts: dict[str, str]) -> str:
    lit1, tok1, lit2, tok2 = groups
    lit, tok = lit1 or lit2, tok1 or tok2
    if lit:
        return lit
    bare = tok.split('::')[-1]
    if bare in consts:
        return consts[bare]
    m = re.match(r'^kAttr(\w+)$', bare)
    name = m.group(1) if m else bare
    return re.sub(r'(?<=[a-z0-9])(?=[A-Z])', '_', name).lower()


def _split_top(expr: str, op: str) -> list[str]:
    """`expr` split at each `op` outside brackets and literals."""
    parts, last = [], 0
    for j, c, depth in _outside_literals(expr, 0):
        if j >= last and depth == 0 and c not in ')]}' and expr.startswith(op, j):
            parts.append(expr[last:j])
            last = j + len(op)
    parts.append(expr[last:])
    return parts


def eval_condition(expr: str, values: dict[str, str]) -> bool | None:
    """Kleene evaluation of a C++ condition where only ``var ==/!= "literal"`` atoms on the variables in
    `values` are known; anything else is None (unknown)."""
    expr = expr.strip()
    while expr.startswith('(') and match_close(expr, 0) == len(expr) - 1:
        expr = expr[1:-1].strip()
    ors = _split_top(expr, '||')
    if len(ors) > 1:
        res = [eval_condition(p, values) for p in ors]
        return True if True in res else (None if None in res else False)
    ands = _split_top(expr, '&&')
    if len(ands) > 1:
        res = [eval_condition(p, values) for p in ands]
        return False if False in res else (None if None in res else True)
    if expr.startswith('!') and not expr.startswith('!='):
        r = eval_condition(expr[1:], values)
        return None if r is None else not r
    m = _CMP_RE.match(expr)
    if not m:
        return None
    var, op, lit = (m.group(1), m.group(2), m.group(3)) if m.group(1) else (m.group(6), m.group(5), m.group(4))
    if var not in values:
        return None
    return (values[var] == lit) == (op == '==')


def _cond_vars(expr: str, attr_vars: dict[str, str]) -> set[str]:
    """Attribute variables compared with a string literal in `expr`."""
    return {v for v, _ in _literals(expr) if v in attr_vars}


@dataclass
class IfChain:
    start: int
    end: int                                  # one past the last block
    arms: list[tuple[str | None, int, int]]   # (condition or None for else, block start, block end)


def _block(text: str, i: int) -> tuple[int, int]:
    """The statement or {block} starting at or after i: (start, end one past it)."""
    while i < len(text) and text[i].isspace():
        i += 1
    if i < len(text) and text[i] == '{':
        return i, match_close(text, i) + 1
    return i, statement_end(text, i) + 1


def find_if_chains(text: str) -> list[IfChain]:
    """Every ``if (...) ... [else if (...) ...]* [else ...]`` chain, nested ones included (an ``else if`` is an
    arm of its chain, not a chain of its own)."""
    chains: list[IfChain] = []
    for m in IF_RE.finditer(text):
        if re.search(r'\belse\s*$', text[max(0, m.start() - 20):m.start()]):
            continue
        arms = []
        pos = m.end() - 1
        while True:
            pc = match_close(text, pos)
            cond = text[pos + 1:pc]
            bs, be = _block(text, pc + 1)
            arms.append((cond, bs, be))
            nxt = re.match(r'\s*else\b\s*', text[be:])
            if not nxt:
                end = be
                break
            after = be + nxt.end()
            elif_ = re.match(r'if\s*\(', text[after:])
            if elif_:
                pos = after + elif_.end() - 1
                continue
            bs, be = _block(text, after)
            arms.append((None, bs, be))
            end = be
            break
        chains.append(IfChain(m.start(), end, arms))
    return chains


def attr_branches(body: str, emits_of, consts: dict[str, str] | None = None) -> list[dict]:
    """Per value of each string attribute the bprop body branches on: what it emits.

    Returns [{'attr': name, 'values': [lit, ...] | 'values_not': [lit, ...], 'emits': set}, ...] ('values_not':
    any other value); [] when the body compares no string attribute with a literal. `emits_of(text)` gives the
    primitives a piece of body text emits. Text outside the attribute's if-chains counts for every value; an arm
    whose condition is unknown for a value (other terms) counts too, so a branch may over-approximate, never
    under-approximate."""
    consts = consts or {}
    attr_vars: dict[str, str] = {}

    def inline(m: re.Match) -> str:
        attr = _attr_name(_ATTR_ONE_RE.search(m.group(0)).groups(), consts)
        name = f'{_INLINE_PREFIX}{attr}'
        attr_vars[name] = attr
        return ' ' + name + ' '

    for m in ATTR_VAR_RE.finditer(body):
        attr_vars[m.group(1)] = _attr_name(m.groups()[1:], consts)
    # inline reads become a synthetic variable; the declarations keep their variable names
    text = ATTR_VAR_RE.sub(lambda m: ' ' * len(m.group(0)), body)
    text = ATTR_EXPR_RE.sub(inline, text)
    if not attr_vars:
        return []
    chains = []
    for ch in find_if_chains(text):   # in source order; a chain nested in an attribute chain stays in its arm
        if chains and ch.start < chains[-1][0].end:
            continue
        used = set()
        for cond, _bs, _be in ch.arms:
            if cond is not None:
                used |= _cond_vars(cond, attr_vars)
        if used:
            chains.append((ch, used))
    if not chains:
        return []
    common = []
    last = 0
    for ch, _ in chains:
        common.append(text[last:ch.start])
        last = ch.end
    common.append(text[last:])
    common_text = '\n'.join(common)
    out = []
    for attr in sorted({attr_vars[v] for _, used in chains for v in used}):
        names = {v for v, a in attr_vars.items() if a == attr}
        lits = sorted({lit for ch, used in chains if used & names for cond, _bs, _be in ch.arms if cond
                       for v, lit in _literals(cond) if v in names})
        groups: dict[frozenset, list[str]] = {}
        for value in lits + [None]:
            pieces = [common_text]
            for ch, used in chains:
                if not used & names:
                    pieces += [text[bs:be] for _c, bs, be in ch.arms]
                    continue
                vals = {n: value if value is not None else '\0other' for n in names}
                for cond, bs, be in ch.arms:
                    r = True if cond is None else eval_condition(cond, vals)
                    if r is False:
                        continue
                    pieces.append(text[bs:be])
                    if r is True:
                        break
            em = frozenset(emits_of('\n'.join(pieces)))
            if value is None:
                out.append({'attr': attr, 'values_not': lits, 'emits': set(em)})
            else:
                groups.setdefault(em, []).append(value)
        other = out.pop()
        for em, vals in groups.items():
            out.append({'attr': attr, 'values': vals, 'emits': set(em)})
        out.append(other)
    return out


def _literals(cond: str):
    for m in re.finditer(r'(\w+)\s*[!=]=\s*"([^"]*)"|"([^"]*)"\s*[!=]=\s*(\w+)', cond):
        yield (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
