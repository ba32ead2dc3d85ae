"""Generate the versioned bprop registry: which MindSpore primitives support second-order gradients.

    python -m mappings.bprop.build --ms-source /path/to/mindspore/git [--out mappings/bprop]

Per release it reads the tagged sources from a bare git mirror (C++ REG_BPROP_BUILDER bodies and
Python bprop_getters/bprops), follows every primitive each bprop emits, and marks P second-order
OK iff all emitted primitives outside IGNORE have a bprop themselves. The 2.10 entry combines the
installed wheel's registries (Python keys; C++ names through a run-time shim) with master's bodies.
Writes ``<out>/<release>/bprop_registry.json`` and ``<out>/index.json``; no timestamps.
"""
from __future__ import annotations

import argparse
import json
import os
import sys

from . import registry, runtime, source
from .gitsrc import GitRef

SCHEMA_VERSION = 1
RELEASES = [  # (release, git ref)
    ('1.7', 'v1.7.0'), ('1.10', 'v1.10.1'), ('2.0', 'v2.0.0'), ('2.1', 'v2.1.1'), ('2.2', 'v2.2.14'),
    ('2.3', 'v2.3.1'), ('2.4', 'v2.4.10'), ('2.5', 'v2.5.0'), ('2.6', 'v2.6.0'), ('2.7', 'master'),
]
WHEEL_RELEASE = '2.10'
WHEEL_BODY_REF = 'master'


def _prim_entries(registered: set[str], bodies: dict[str, source.Entry], evidence: str = 'source') -> dict:
    emits = {p: e.emits for p, e in bodies.items()}
    ver = registry.verdicts(registered, emits)
    out = {}
    for p in sorted(registered):
        e = bodies.get(p)
        if e is None:
            out[p] = {'emits': [], 'missing': [], 'second_order': None, 'third_order': None,
                      'evidence': 'registered-only', 'lang': 'cpp', 'file': None, 'line': None}
            continue
        out[p] = {'emits': sorted(e.emits), 'missing': ver[p]['missing'],
                  'second_order': ver[p]['second_order'], 'third_order': ver[p]['third_order'],
                  'evidence': evidence, 'lang': e.lang, 'file': e.file, 'line': e.line}
        if e.branches:
            out[p]['branches'] = registry.branch_verdicts(registered, e.branches)
    return out


def _counts(x_cpp: set[str], x_py: set[str], prims: dict) -> dict:
    fw = [p for p in prims if registry.is_forward(p)]
    known = [p for p in fw if prims[p]['second_order'] is not None]
    ok = sum(1 for p in known if prims[p]['second_order'])
    return {'cpp_names': len(x_cpp), 'py_keys': len(x_py), 'py_keys_not_in_cpp': len(x_py - x_cpp),
            'registered': len(prims), 'forward_prims': len(fw), 'forward_body_known': len(known),
            'forward_second_order_ok': ok, 'forward_failing': len(known) - ok,
            'all_second_order_ok': sum(1 for p in prims.values() if p['second_order']),
            'all_failing': sum(1 for p in prims.values() if p['second_order'] is False)}


def build_release(release: str, ref: GitRef, x: source.RefExtract) -> dict:
    cpp, py = set(x.cpp), set(x.py)
    registered = cpp | py
    bodies = {**x.py, **x.cpp}   # C++ is authoritative when both exist (kprim.cc lookup order)
    prims = _prim_entries(registered, bodies)
    doc = {'schema_version': SCHEMA_VERSION, 'release': release,
           'source': {'tag': ref.ref, 'commit': ref.commit, 'date': ref.date, 'kind': 'git'},
           'files': {k: sorted(v) for k, v in x.files.items()},
           'counts': _counts(cpp, py, prims), 'registered': sorted(registered), 'primitives': prims,
           'parser': {'cpp_registrations_raw': x.cpp_raw_count,
                      'unresolved_builder_methods': sorted(x.unresolved_methods)}}
    if x.graph_expander:
        # v2.0: the C++ expander serves PyNative; graph mode uses it only for the listed ops.
        g_reg = py | x.graph_expander
        g_bodies = {**x.py, **{p: e for p, e in x.cpp.items() if p in x.graph_expander}}
        g_prims = _prim_entries(g_reg, g_bodies)
        for p, e in prims.items():
            g = g_prims.get(p)
            e['modes'] = {
                'pynative': {'second_order': e['second_order'], 'missing': e['missing'], 'lang': e['lang']},
                'graph': ({'second_order': g['second_order'], 'missing': g['missing'], 'lang': g['lang']}
                          if g else {'second_order': None, 'missing': [], 'lang': None, 'registered': False}),
            }
        doc['modes'] = {
            'pynative': {'rule': 'C++ expander names | Python keys', 'counts': doc['counts']},
            'graph': {'rule': 'Python keys | REGISTER_EXPANDER_BPROP_IMPL list',
                      'expander_list': sorted(x.graph_expander),
                      'counts': _counts(x.graph_expander & cpp, py, g_prims)},
        }
    return doc


def build_wheel(repo: str, log) -> dict | None:
    wdir = runtime.wheel_dir()
    if not wdir:
        log('mindspore not importable: skipping 2.10')
        return None
    inc = os.path.join(wdir, 'include')
    emitter_texts, const_texts = [], []
    for root, _dirs, files in os.walk(inc):
        for fn in files:
            path = os.path.join(root, fn)
            if fn in ('emitter.h', 'bprop_irbuilder.h') and 'graph_kernel' not in root:
                emitter_texts.append(open(path, errors='replace').read())
            elif fn.endswith('_op_name.h'):
                const_texts.append(open(path, errors='replace').read())
    ref = GitRef(repo, WHEEL_BODY_REF)
    x = source.extract(ref, extra_emitter_texts=sorted(emitter_texts), extra_const_texts=sorted(const_texts))
    # Python bodies and keys from the wheel itself
    gdir = os.path.join(wdir, 'ops', '_grad_experimental')
    py_files = {}
    for fn in sorted(os.listdir(gdir)):
        if fn.startswith('grad_') and fn.endswith('.py'):
            py_files[f'mindspore/ops/_grad_experimental/{fn}'] = open(os.path.join(gdir, fn)).read()
    wx = source.RefExtract()
    cpath = os.path.join(wdir, 'ops', '_constants.py')
    source.pysrc.set_constants(open(cpath).read() if os.path.exists(cpath) else '')
    func_path = os.path.join(wdir, 'ops', 'functional.py')
    source.extract_python(py_files, wx, functional_text=open(func_path).read() if os.path.exists(func_path) else '',
                          helper_texts=[py_files.get('mindspore/ops/_grad_experimental/grad_base.py', '')])
    keys = runtime.python_keys()
    py_keys = set(keys['bprop_getters']) | set(keys['bprops'])
    py_bodies = {k: e for k, e in wx.py.items() if k in py_keys}
    cpp_rt = runtime.cpp_registry(wdir, set(x.cpp) | py_keys)
    if 'names' in cpp_rt:
        cpp_names = set(cpp_rt['names'])
        cpp_note = f"runtime shim over {cpp_rt['candidates']} candidate names"
    else:
        log(f"C++ runtime registry unavailable ({cpp_rt.get('error')}); using master's C++ names")
        cpp_names = set(x.cpp)
        cpp_note = 'master C++ names (runtime shim unavailable)'
    registered = cpp_names | py_keys
    bodies = {**py_bodies, **{p: e for p, e in x.cpp.items() if p in cpp_names}}
    prims = _prim_entries(registered, bodies)
    for p, e in prims.items():
        if e['lang'] == 'cpp' and e['file']:
            e['body_source'] = f'{WHEEL_BODY_REF}@{ref.commit[:10]}'
    version = keys.get('version', '')
    return {'schema_version': SCHEMA_VERSION, 'release': WHEEL_RELEASE,
            'source': {'tag': f'mindspore=={version} (installed wheel)', 'commit': None, 'kind': 'wheel+git',
                       'bodies': {'tag': WHEEL_BODY_REF, 'commit': ref.commit, 'date': ref.date},
                       'cpp_registry': cpp_note, 'py_registry': 'grad_base.bprop_getters/bprops string keys'},
            'counts': {**_counts(cpp_names, py_keys, prims),
                       'cpp_names_not_in_master': len(cpp_names - set(x.cpp)),
                       'master_cpp_names_not_in_wheel': len(set(x.cpp) - cpp_names)},
            'wheel_only_cpp_names': sorted(cpp_names - set(x.cpp)),
            'master_only_cpp_names': sorted(set(x.cpp) - cpp_names),
            'registered': sorted(registered), 'primitives': prims,
            'parser': {'cpp_registrations_raw': x.cpp_raw_count,
                       'unresolved_builder_methods': sorted(x.unresolved_methods),
                       'py_keys_parsed_from_wheel_sources': len(wx.py)}}


def write_json(path: str, doc: dict) -> None:
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, 'w') as f:
        json.dump(doc, f, indent=1, sort_keys=True)
        f.write('\n')


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--ms-source', required=True, help='bare git mirror of mindspore with release tags')
    ap.add_argument('--out', default=os.path.dirname(os.path.abspath(__file__)))
    ap.add_argument('--releases', nargs='*', help='subset, e.g. 1.7 2.10')
    ap.add_argument('--no-wheel', action='store_true', help='skip the 2.10 installed-wheel entry')
    args = ap.parse_args(argv)

    def log(msg: str) -> None:
        print(msg, file=sys.stderr)

    want = set(args.releases) if args.releases else None
    index_path = os.path.join(args.out, 'index.json')
    index = {'schema_version': SCHEMA_VERSION, 'releases': {}}
    if os.path.exists(index_path):
        with open(index_path) as f:
            index['releases'] = json.load(f).get('releases', {})
    for release, tag in RELEASES:
        if want and release not in want:
            continue
        ref = GitRef(args.ms_source, tag)
        x = source.extract(ref)
        doc = build_release(release, ref, x)
        write_json(os.path.join(args.out, release, 'bprop_registry.json'), doc)
        index['releases'][release] = {'source': doc['source'], 'counts': doc['counts'],
                                      **({'graph_counts': doc['modes']['graph']['counts']} if 'modes' in doc else {})}
        log(f"{release:5} {tag:8} {json.dumps(doc['counts'])}")
    if not args.no_wheel and (not want or WHEEL_RELEASE in want):
        doc = build_wheel(args.ms_source, log)
        if doc:
            write_json(os.path.join(args.out, WHEEL_RELEASE, 'bprop_registry.json'), doc)
            index['releases'][WHEEL_RELEASE] = {'source': doc['source'], 'counts': doc['counts']}
            log(f"{WHEEL_RELEASE:5} wheel    {json.dumps(doc['counts'])}")
    order = {r: i for i, (r, _) in enumerate(RELEASES + [(WHEEL_RELEASE, '')])}
    index['releases'] = dict(sorted(index['releases'].items(), key=lambda kv: order.get(kv[0], 99)))
    write_json(index_path, index)
    return 0


if __name__ == '__main__':
    sys.exit(main())
