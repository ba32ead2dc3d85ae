"""Query an installed MindSpore wheel for its bprop registries (generator-time only).

* Python registry: string keys of ``mindspore.ops._grad_experimental.grad_base.bprop_getters/bprops``.
* C++ expander registry: there is no Python API. The wheel exports
  ``mindspore::expander::bprop::GetBpropIRBuilder(const std::string&)`` (old-ABI std::string) from
  ``lib/libmindspore_frontend.so``; a tiny shim, written and compiled into a temp dir at run time
  (never committed), lets ctypes ask it about candidate names taken from the wheel's own binaries,
  its Primitive classes and the master sources.

Each query runs in a child interpreter so a crash inside MindSpore cannot take the generator down.
"""
from __future__ import annotations

import importlib.util
import json
import os
import re
import subprocess
import sys
import tempfile

SHIM_SOURCE = r'''
#include <string>
namespace mindspore { namespace expander { namespace bprop {
const void *GetBpropIRBuilder(const std::string &name);
}}}
extern "C" int ms_scan_has_bprop(const char *name) {
  return mindspore::expander::bprop::GetBpropIRBuilder(std::string(name)) != nullptr;
}
'''
SO_FILES = ('libmindspore_frontend.so', 'libmindspore_ops.so', 'libmindspore_pynative.so',
            'libmindspore_core.so', 'libmindspore_common.so')


def wheel_dir() -> str | None:
    spec = importlib.util.find_spec('mindspore')
    return os.path.dirname(spec.origin) if spec and spec.origin else None


def wheel_version(wdir: str) -> str:
    try:
        with open(os.path.join(wdir, 'version.py')) as f:
            m = re.search(r"version\s*=\s*['\"]([^'\"]+)", f.read())
            return m.group(1) if m else ''
    except OSError:
        return ''


def _child(args: list[str], timeout: int = 600) -> dict:
    r = subprocess.run([sys.executable, '-m', 'mappings.bprop.runtime', *args], capture_output=True,
                       text=True, timeout=timeout, cwd=os.path.dirname(os.path.dirname(os.path.dirname(
                           os.path.abspath(__file__)))))
    if r.returncode != 0:
        raise RuntimeError(f'runtime query failed: {r.stderr.strip()[-500:]}')
    return json.loads(r.stdout.strip().splitlines()[-1])


def python_keys() -> dict:
    return _child(['--python-keys'])


def cpp_registry(wdir: str, extra_candidates: set[str]) -> dict:
    """{'names': [...], 'candidates': n} via the compiled shim, or {'error': ...}."""
    with tempfile.TemporaryDirectory(prefix='ms_scan_shim_') as tmp:
        src = os.path.join(tmp, 'shim.cc')
        so = os.path.join(tmp, 'shim.so')
        with open(src, 'w') as f:
            f.write(SHIM_SOURCE)
        lib = os.path.join(wdir, 'lib')
        r = subprocess.run(['g++', '-shared', '-fPIC', '-O1', '-D_GLIBCXX_USE_CXX11_ABI=0', src, '-o', so,
                            f'-L{lib}', '-l:libmindspore_frontend.so', f'-Wl,-rpath,{lib}'],
                           capture_output=True, text=True)
        if r.returncode != 0:
            return {'error': 'g++ failed: ' + r.stderr.strip()[-300:]}
        cand_file = os.path.join(tmp, 'cands.txt')
        with open(cand_file, 'w') as f:
            f.write('\n'.join(sorted(extra_candidates)))
        return _child(['--cpp', so, cand_file])


def _binary_tokens(wdir: str) -> set[str]:
    toks: set[str] = set()
    for name in SO_FILES:
        path = os.path.join(wdir, 'lib', name)
        if not os.path.exists(path):
            continue
        with open(path, 'rb') as f:
            data = f.read()
        for m in re.finditer(rb'[A-Za-z_][A-Za-z0-9_]{1,79}', data):
            t = m.group().decode()
            toks.add(t)
            # the linker tail-merges string literals, so a name may survive only as a suffix
            for i in range(1, len(t)):
                if t[i].isupper():
                    toks.add(t[i:])
    return toks


def _primitive_class_names() -> set[str]:
    import mindspore  # noqa: F401
    from mindspore.ops.primitive import Primitive
    names = set()
    mods = ['mindspore.ops.operations', 'mindspore.ops.auto_generate', 'mindspore.ops.operations._grad_ops',
            'mindspore.ops.operations._inner_ops', 'mindspore.ops.operations.nn_ops',
            'mindspore.ops.operations.array_ops', 'mindspore.ops.operations.math_ops']
    for mname in mods:
        try:
            mod = importlib.import_module(mname)
        except Exception:  # noqa: BLE001 - optional modules differ per release
            continue
        for k, v in vars(mod).items():
            if isinstance(v, type) and issubclass(v, Primitive):
                names.add(k)
                names.add(v.__name__)
    return names


def _main(argv: list[str]) -> None:
    if argv[0] == '--python-keys':
        import mindspore  # noqa: F401
        import mindspore.ops._grad_experimental  # noqa: F401  (registers on import)
        from mindspore.ops._grad_experimental import grad_base as gb
        out = {'bprop_getters': sorted(k for k in gb.bprop_getters if isinstance(k, str)),
               'bprops': sorted(k for k in gb.bprops if isinstance(k, str)),
               'version': mindspore.__version__}
    elif argv[0] == '--cpp':
        import ctypes
        import mindspore  # noqa: F401  (loads libmindspore_frontend and runs the static registrations)
        lib = ctypes.CDLL(argv[1])
        fn = lib.ms_scan_has_bprop
        fn.argtypes = [ctypes.c_char_p]
        fn.restype = ctypes.c_int
        with open(argv[2]) as f:
            cands = set(f.read().split())
        cands |= _binary_tokens(wheel_dir())
        cands |= _primitive_class_names()
        hits = sorted(c for c in cands if fn(c.encode()))
        out = {'names': hits, 'candidates': len(cands)}
    else:
        raise SystemExit('usage: --python-keys | --cpp SHIM.so CANDIDATES.txt')
    print(json.dumps(out))


if __name__ == '__main__':
    _main(sys.argv[1:])
