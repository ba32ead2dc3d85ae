"""Receiver inference: is the value left of `.view(` a tensor, an nn.Module, an optimizer, or not torch at all?

Python has no static types here, so this is evidence-based: torch calls return tensors, nn.Module
classes return modules, literals and stdlib/numpy calls are not torch, annotations are believed.
"""
from __future__ import annotations

import libcst as cst

from ms_scan.extract.scope import (
    MAYBE_MODULE, MODULE, OPTIMIZER, OTHER, PROJECT, PROJMOD, SCHEDULER, SELF, TENSOR, TENSORS,
    TORCH, UNKNOWN, USERCLASS, Binding,
)

# Modules whose call results are never tensors.
NON_TORCH_MODULES = frozenset({
    "numpy", "math", "os", "sys", "re", "json", "random", "collections", "itertools", "functools",
    "typing", "pathlib", "logging", "time", "string", "copy", "pickle", "argparse", "shutil", "glob",
    "warnings", "inspect", "dataclasses", "enum", "abc", "operator", "struct", "hashlib", "io",
    "subprocess", "datetime", "textwrap", "pandas", "yaml", "csv", "cv2", "PIL", "scipy",
    "importlib", "contextlib", "types", "uuid", "tempfile", "platform", "socket", "threading",
    "queue", "heapq", "bisect", "statistics", "fractions", "decimal", "numbers", "weakref",
    "tomllib", "tomli", "toml", "configparser", "omegaconf", "shlex", "pprint",  # (config readers: plain data)
})
BUILTIN_NON_TENSOR = frozenset({
    "len", "int", "float", "str", "bool", "list", "dict", "set", "tuple", "range", "enumerate",
    "zip", "map", "filter", "sorted", "reversed", "isinstance", "issubclass", "hasattr", "getattr",
    "print", "repr", "format", "open", "type", "id", "hash", "abs", "round", "min", "max", "sum",
    "any", "all", "iter", "next", "vars", "dir", "callable", "ord", "chr", "bytes", "frozenset",
    "object", "divmod", "pow", "hex", "bin", "oct", "input", "globals", "locals",
})
# Tensor methods whose result is not a tensor.
TENSOR_METHODS_NOT_TENSOR = frozenset({
    "item", "tolist", "size", "dim", "ndimension", "numel", "nelement", "element_size", "numpy",
    "is_contiguous", "is_floating_point", "is_complex", "data_ptr", "get_device", "stride",
    "storage_offset", "untyped_storage", "storage", "equal", "type", "is_pinned", "is_shared",
    "is_set_to", "is_signed", "has_names", "backward", "register_hook", "dim_order", "__len__",
    "tolist", "is_nonzero", "allclose",
})
TENSOR_METHODS_TUPLE = frozenset({
    "chunk", "split", "unbind", "tensor_split", "split_with_sizes", "hsplit", "vsplit", "dsplit",
    "sort", "topk", "kthvalue", "mode", "median_with_indices", "unique", "unique_consecutive",
    "slogdet", "qr", "svd", "eig", "lu", "max", "min", "aminmax", "cummax", "cummin",
})
TENSOR_PROPERTIES_TENSOR = frozenset({"T", "mT", "H", "mH", "data", "grad", "real", "imag"})
# Tensor methods that legitimately take a string first argument (device, dtype name, dim names)
STRING_ARG_METHODS = frozenset({"to", "type", "cuda", "rename", "align_to", "refine_names",
                                "unflatten", "sum", "mean", "split", "new_empty"})
# torch functions (canonical) that return tuples of tensors
TORCH_FUNCS_TUPLE = frozenset({
    "torch.chunk", "torch.split", "torch.unbind", "torch.tensor_split", "torch.sort", "torch.topk",
    "torch.max", "torch.min", "torch.meshgrid", "torch.broadcast_tensors", "torch.autograd.grad",
    "torch.linalg.eigh", "torch.linalg.qr", "torch.linalg.svd", "torch.svd", "torch.unique",
    "torch.aminmax", "torch.kthvalue", "torch.mode", "torch.median", "torch.std_mean",
    "torch.var_mean", "torch.histogram", "torch.lu", "torch.frexp", "torch.cummax", "torch.cummin",
    "torch.nn.functional.max_pool2d_with_indices", "torch.where",
})
# reductions that return one tensor, or a (values, indices) tuple when given a dim; `unique` returns a
# tuple only when asked for inverse indices or counts
DIM_TUPLE_REDUCTIONS = frozenset({"max", "min", "median", "nanmedian"})
UNIQUE_FUNCS = frozenset({"unique", "unique_consecutive"})
UNIQUE_TUPLE_KEYWORDS = frozenset({"return_inverse", "return_counts"})


def reduction_is_tuple(name: str, call: cst.Call, first: int, infer) -> bool | None:
    """True when `torch.max(x, 1)` / `x.max(dim=1)` / `x.unique(return_counts=True)` returns a tuple,
    False when it returns one tensor (`torch.max(x)`, `torch.max(a, b)`, `x.unique()`), None when the
    arguments do not tell. `first` is the index of the first argument after the input (1 for
    `torch.max(x, ...)`, 0 for `x.max(...)`)."""
    if name in UNIQUE_FUNCS:
        for a in call.args:
            if a.keyword is not None and a.keyword.value in UNIQUE_TUPLE_KEYWORDS:
                v = a.value
                if isinstance(v, cst.Name) and v.value in ("False", "None"):
                    continue
                return True
        if any(a.star for a in call.args) or sum(1 for a in call.args if a.keyword is None) > first + 1:
            return None  # `torch.unique(x, True, True)`: flags passed by position
        return False
    if name not in DIM_TUPLE_REDUCTIONS:
        return None
    if any(a.star for a in call.args):
        return None
    if any(a.keyword is not None and a.keyword.value == "dim" for a in call.args):
        return True
    positional = [a.value for a in call.args if a.keyword is None]
    if len(positional) <= first:
        return False  # the whole-tensor reduction
    extra = positional[first]
    if isinstance(extra, cst.Integer) or (isinstance(extra, cst.UnaryOperation) and
                                          isinstance(extra.expression, cst.Integer)):
        return True
    other = infer(extra)
    if other is not None and other.kind == TENSOR and name in ("max", "min"):
        return False  # the elementwise `torch.max(a, b)`
    return None


# namespaces whose functions are framework switches, not tensor producers
NON_TENSOR_NAMESPACES = (
    "torch.cuda.", "torch.backends.", "torch.distributed.", "torch.jit.", "torch.compiler.",
    "torch.utils.", "torch.autograd.profiler", "torch.profiler.", "torch.mps.", "torch.xpu.",
    "torch.cpu.", "torch.accelerator.", "torch.onnx.", "torch.hub.", "torch.library.",
    "torch.export.", "torch.testing.", "torch.multiprocessing.", "torch.overrides.", "torch.amp.",
    "torch.optim.", "torch.distributions.constraints",
)
NON_TENSOR_FUNCS = frozenset({
    "torch.is_tensor", "torch.is_floating_point", "torch.is_complex", "torch.is_grad_enabled",
    "torch.is_inference_mode_enabled", "torch.numel", "torch.get_default_dtype", "torch.manual_seed",
    "torch.seed", "torch.initial_seed", "torch.set_default_dtype", "torch.set_grad_enabled",
    "torch.no_grad", "torch.enable_grad", "torch.inference_mode", "torch.device", "torch.Size",
    "torch.save", "torch.load", "torch.set_printoptions", "torch.get_num_threads",
    "torch.set_num_threads", "torch.use_deterministic_algorithms", "torch.autocast",
    "torch.finfo", "torch.iinfo", "torch.compile", "torch.is_storage", "torch.typename",
    "torch.result_type", "torch.promote_types", "torch.can_cast", "torch.is_nonzero",
    "torch.get_rng_state", "torch.set_rng_state", "torch.Generator", "torch.dtype",
})
# nn.Module classes whose call returns a tuple
MODULES_RETURNING_TUPLE = frozenset({
    "torch.nn.LSTM", "torch.nn.GRU", "torch.nn.RNN", "torch.nn.MultiheadAttention",
    "torch.nn.AdaptiveLogSoftmaxWithLoss",
})
MODULE_METHODS_RETURNING_MODULE = frozenset({
    "to", "cuda", "cpu", "float", "half", "double", "bfloat16", "train", "eval", "requires_grad_",
    "apply", "type", "to_empty", "share_memory", "xpu",
})
# nn.Module members distinctive enough to report on a receiver of unknown type
DISTINCTIVE_MODULE_MEMBERS = frozenset({
    "register_buffer", "register_parameter", "register_module", "register_forward_hook",
    "register_forward_pre_hook", "register_full_backward_hook", "register_full_backward_pre_hook",
    "named_parameters", "named_buffers", "named_children", "named_modules", "load_state_dict",
    "add_module", "get_submodule", "get_parameter", "get_buffer", "zero_grad",
})


def annotation_binding(ann: cst.BaseExpression, resolve) -> Binding | None:
    """A parameter's annotation says tensor (Tensor, torch.Tensor, Optional[Tensor], Tensor | None)."""
    if isinstance(ann, cst.SimpleString):
        text = ann.value.strip("\"'")
        return Binding(TENSOR, "annotated Tensor") if text.split(".")[-1] == "Tensor" else None
    if isinstance(ann, cst.BinaryOperation) and isinstance(ann.operator, cst.BitOr):
        left = annotation_binding(ann.left, resolve)
        return left or annotation_binding(ann.right, resolve)
    if isinstance(ann, cst.Subscript):
        base = resolve(ann.value)
        if base and base.split(".")[-1] == "Optional" and len(ann.slice) == 1:
            inner = ann.slice[0].slice
            if isinstance(inner, cst.Index):
                return annotation_binding(inner.value, resolve)
        return None  # Tuple[...], Union[...]: callers pass tensors through these too often
    path = resolve(ann)
    if path is None:
        return None
    if path in ("torch.Tensor", "torch.nn.Parameter", "torch.nn.parameter.Parameter") or (
        path.endswith(".Tensor") and path.startswith("torch")
    ):
        return Binding(TENSOR, "annotated Tensor")
    if path in ("str", "bool", "bytes", "list", "dict", "tuple", "set"):
        return Binding(OTHER, f"annotated {path}")  # (int/float params receive 0-d tensors too)
    return None


def tensorish(binding: Binding | None) -> bool:
    return binding is not None and binding.kind == TENSOR


NUMPY_LIKE = "result of a non-torch module call"
SIZE = "a shape (torch.Size or tuple)"  # `x.shape[-2:].numel()` is torch.Size.numel, not a Tensor method
SIZE_ATTRIBUTES = frozenset({"shape", "event_shape", "batch_shape"})
PARAM_GROUPS = "optimizer param_groups"  # a list of dicts; each one's "params" holds the parameters
PARAM_GROUP = "optimizer param group"
PARAMETER_CONTAINERS = frozenset({"torch.nn.ParameterDict", "torch.nn.ParameterList"})
MODULE_METHODS_RETURNING_TENSORS = frozenset({"parameters", "buffers"})
NDARRAY = "numpy array"  # numpy results: their methods, items and attributes are numpy too
ARRAY_MODULES = ("numpy", "scipy", "pandas", "cv2", "PIL")
# Tensor methods whose result leaves torch whatever the receiver is (`x.detach().cpu().numpy()`)
TO_NUMPY_METHODS = frozenset({"numpy"})
# methods torch.Tensor does not have whose result is an array (`rewards[0].astype(np.float32)`, pandas)
ARRAY_RESULT_METHODS = frozenset({"astype", "to_numpy"})
# builtins that return what they are given (`sum(losses)`, `abs(x)`): a tensor when fed tensors
VALUE_BUILTINS = frozenset({"sum", "abs", "min", "max"})


def named_like_shape(name: str) -> bool:
    """`shape`, `batch_shape`, `self._aug_batch_shape`, `shapeX`: by convention a torch.Size or tuple,
    whose `.numel()` is torch.Size's, not a Tensor method."""
    return name == "shape" or name.endswith(("_shape", "Shape")) or (
        len(name) == 6 and name.startswith("shape") and name[5].isupper())


def named_like_optimizer(node) -> bool:
    """`optimizer`, `self.critic.optimizer`, `_optimizer`, `ent_coef_optim`: a receiver named for an
    optimizer, whose `zero_grad()` / `load_state_dict()` are torch.optim.Optimizer's, not nn.Module's."""
    name = node.attr.value if isinstance(node, cst.Attribute) else node.value if isinstance(node, cst.Name) \
        else ""
    name = name.lower()
    return name.endswith(("optimizer", "optim", "_opt")) or name == "opt"
# Substrings that mark a project/third-party name as a tensor alias or subclass (`OptTensor`,
# `TensorType`, `ArrayLike`): such names are never taken as a non-tensor class.
TENSOR_ALIAS_HINTS = ("Tensor", "Array", "Like", "Number", "Scalar", "Numeric")


def is_class_name(name: str) -> bool:
    """CapWords (PEP 8 class names): `Irreps`, `MultivariateNormal`; not `F`, `DEFAULT`, `Tensor` aliases."""
    name = name.lstrip("_")
    return (len(name) > 1 and name[0].isupper() and not name.isupper() and "_" not in name
            and not any(h in name for h in TENSOR_ALIAS_HINTS))


def is_array(binding: Binding | None) -> bool:
    return binding is not None and binding.kind == OTHER and binding.value == NDARRAY


def combine(a: Binding | None, b: Binding | None) -> Binding | None:
    """Result of a binary operation on a and b."""
    if tensorish(a):
        return a
    if tensorish(b):
        return b
    for side in (a, b):
        if side is not None and side.kind == OTHER and side.value == NDARRAY:
            return side  # `np.arange(n) * ratio` stays a numpy array (a `math.sqrt(c)` scalar does not decide)
    if a is not None and b is not None and a.kind == OTHER and b.kind == OTHER:
        return a
    return None


__all__ = [
    "MAYBE_MODULE", "MODULE", "OPTIMIZER", "OTHER", "PROJECT", "PROJMOD", "SCHEDULER", "SELF",
    "TENSOR", "TENSORS", "TORCH", "UNKNOWN", "USERCLASS",
]
