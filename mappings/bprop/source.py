"""Extract bprop registrations and their emitted primitives from one git ref of MindSpore.

Files are discovered with git (never hard-coded per version): C++ files containing
REG_BPROP_BUILDER(, helper .cc/.h beside them, op-name headers, emitter headers, and Python
files registering into bprop_getters/bprops.
"""
from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass, field

from . import cxx, pysrc
from .gitsrc import GitRef


@dataclass
class Entry:
    file: str
    line: int
    emits: set[str]
    lang: str
    branches: list = field(default_factory=list)   # cxx.attr_branches: per string-attribute value


@dataclass
class RefExtract:
    cpp: dict[str, Entry] = field(default_factory=dict)
    py: dict[str, Entry] = field(default_factory=dict)
    graph_expander: set[str] = field(default_factory=set)   # v2.0 REGISTER_EXPANDER_BPROP_IMPL list
    cpp_raw_count: int = 0
    unresolved_methods: set[str] = field(default_factory=set)
    files: dict[str, list[str]] = field(default_factory=dict)


def _exclude_test(path: str) -> bool:
    return '/test' in path or path.startswith('tests/')


def _const_files(ref: GitRef) -> list[str]:
    return ref.glob('mindspore/core/ops/*_op_name.h', 'mindspore/ops/op_def/*_op_name.h',
                    'mindspore/core/ops/core_ops.h', 'mindspore/core/ops/*_ops.h', 'mindspore/ops/op_def/*_ops.h',
                    'mindspore/core/base/*_ops.h', 'mindspore/core/utils/*_ops.h',
                    'mindspore/ccsrc/include/common/utils/utils.h')


def _emitter_files(ref: GitRef) -> list[str]:
    return [f for f in ref.glob('mindspore/ccsrc/*/expander/core/emitter.h', 'mindspore/ccsrc/*/expander/core/emitter.cc',
                                'mindspore/ccsrc/*bprop_irbuilder.h', 'mindspore/ccsrc/*bprop_irbuilder.cc')
            if 'graph_kernel' not in f]


def _known_prims(ref: GitRef) -> set[str]:
    known: set[str] = set()
    yamls = ref.glob('mindspore/ops/op_def/yaml/*.yaml', 'mindspore/core/ops/ops_def/*.yaml',
                     'mindspore/ops/op_def/yaml/*/*.yaml')
    for text in ref.read_many(yamls).values():
        for key in re.findall(r'^(\w+):', text, re.M):
            known.add(''.join(w[:1].upper() + w[1:] for w in key.split('_')))
        known.update(re.findall(r'class:\s*\n\s+name:\s*(\w+)', text))
    out = ref._git('grep', '-h', '-E', r'^class [A-Z]\w*\(', ref.commit, '--', 'mindspore/python/mindspore/ops')
    known.update(re.findall(r'^class ([A-Z]\w*)\(', out, re.M))
    return known


def extract(ref: GitRef, extra_emitter_texts: list[str] = (), extra_const_texts: list[str] = ()) -> RefExtract:
    res = RefExtract()
    # --- constants (op names, kPrim) ---
    const_files = _const_files(ref)
    texts = list(ref.read_many(const_files).values()) + list(extra_const_texts)
    consts: dict[str, str] = {}
    stripped = [cxx.strip_comments(t) for t in texts]
    for t in stripped:
        consts.update(cxx.CONST_RE.findall(t))
    for t in stripped:
        for m in cxx.PRIM_RE.finditer(t):
            prim, lit, tok = m.groups()
            consts.setdefault(prim, lit if lit else cxx.resolve_const(tok, consts))
    res.files['constants'] = const_files

    # --- C++ registration files and helpers ---
    reg_files = [f for f in ref.grep_l('REG_BPROP_BUILDER(', 'mindspore/*.cc', 'mindspore/*.h', ':!mindspore/lite')
                 if not f.endswith('bprop_irbuilder.h') and not _exclude_test(f)]
    res.files['cpp_bprops'] = reg_files
    known = _known_prims(ref)
    if reg_files:
        dirs = {posixpath.dirname(f) for f in reg_files}
        helper_cands = [f for f in ref.files() if posixpath.dirname(f) in dirs and f.endswith(('.cc', '.h'))]
        helper_cands += ref.glob('mindspore/ccsrc/frontend/expander/*common_utils.*',
                                 'mindspore/ccsrc/pipeline/pynative/grad/bprop_expander/*common_utils.*',
                                 'mindspore/ops/grad/*grad_utils.*', 'mindspore/ccsrc/frontend/expander/*grad_utils.*')
        helper_cands = sorted(set(helper_cands))
        helper_texts = {p: t for p, t in ref.read_many(helper_cands).items()
                        if 'BpropBuilder' in t or 'BpropIRBuilder' in t or 'Emitter *' in t}
        res.files['cpp_helpers'] = sorted(helper_texts)
        efiles = _emitter_files(ref)
        res.files['emitter'] = efiles
        reg_texts = {p: helper_texts.get(p) or ref.read(p) for p in reg_files}
        helper_only = {p: t for p, t in helper_texts.items() if p not in reg_texts}
        emitter_texts = list(ref.read_many(efiles).values()) + list(extra_emitter_texts)
        analyze_cpp(reg_texts, helper_only, emitter_texts, consts, known, res)

    # --- v2.0 graph-mode expander list ---
    out = ref._git('grep', '-h', 'REGISTER_EXPANDER_BPROP_IMPL(', ref.commit, '--', 'mindspore/ccsrc')
    for m in re.finditer(r'^\s*REGISTER_EXPANDER_BPROP_IMPL\((\w+)\)', out, re.M):
        res.graph_expander.add(m.group(1))

    # --- Python ---
    cpath = 'mindspore/python/mindspore/ops/_constants.py'
    pysrc.set_constants(ref.read(cpath) if cpath in ref.files() else '')
    py_files = [f for f in ref.grep_l(r'@bprop_getters\.register|@bprops\.register', 'mindspore/python/*.py',
                                      extended=True) if not _exclude_test(f)]
    res.files['py_bprops'] = py_files
    extract_python(ref.read_many(py_files), res,
                   functional_text=ref.read('mindspore/python/mindspore/ops/functional.py')
                   if 'mindspore/python/mindspore/ops/functional.py' in ref.files() else '',
                   helper_texts=list(ref.read_many(ref.glob('mindspore/python/mindspore/ops/_grad*/grad_base.py')).values()))
    return res


def analyze_cpp(reg_texts: dict[str, str], helper_texts: dict[str, str], emitter_texts: list[str],
                consts: dict[str, str], known: set[str], res: RefExtract) -> RefExtract:
    """Registrations in reg_texts -> res.cpp[name] = Entry(emits). Helpers may live in any of the texts."""
    helpers: dict[str, list[str]] = {}
    stripped = {p: cxx.strip_comments(t) for p, t in {**helper_texts, **reg_texts}.items()}
    for p in sorted(stripped):
        for name, bodies in cxx.find_functions(stripped[p], need_builder=True).items():
            helpers.setdefault(name, []).extend(bodies)
    em = cxx.EmitterMap(consts=consts)
    for t in emitter_texts:
        em.add_source(t)
    regs: list[cxx.Registration] = []
    for p in sorted(reg_texts):
        regs += cxx.find_registrations(stripped[p], p, consts)
    res.cpp_raw_count += len(regs)
    lit_names = {r.name for r in regs}
    for t in stripped.values():
        lit_names.update(lit for lit, _ in cxx.EMIT_RE.findall(t) if lit)
    known = set(known) | lit_names | set(consts.values())
    em.known_prims = known
    an = cxx.BodyAnalyzer(helpers, em, consts, known)
    for r in regs:
        branches: list = []
        if r.body_func:
            emits = set(an.helper_emits(r.body_func)) if r.body_func in helpers else set()
            if r.body_func not in helpers:
                res.unresolved_methods.add('SetBody:' + r.body_func)
            elif len(helpers[r.body_func]) == 1:
                stack = (r.body_func,)
                branches = cxx.attr_branches(helpers[r.body_func][0], lambda t: an.body_emits(t, stack), consts)
        else:
            emits = an.body_emits(r.body)
            branches = cxx.attr_branches(r.body, an.body_emits, consts)
        if r.name in res.cpp:
            res.cpp[r.name].emits |= emits
            res.cpp[r.name].branches = []   # two bodies for one name: only the union is sure
        else:
            res.cpp[r.name] = Entry(r.file, r.line, emits, 'cpp', branches)
    res.unresolved_methods |= an.unresolved_methods
    return res


def extract_python(files: dict[str, str], res: RefExtract, functional_text: str = '',
                   helper_texts: list[str] = ()) -> None:
    an = pysrc.PyAnalyzer(pysrc.functional_map(functional_text), pysrc.shared_helpers(list(helper_texts)))
    for p in sorted(files):
        try:
            regs = an.parse_file(files[p], p)
        except SyntaxError:
            continue
        for r in regs:
            if r.name in res.py:
                res.py[r.name].emits |= r.emits
            else:
                res.py[r.name] = Entry(r.file, r.line, set(r.emits), 'py')
