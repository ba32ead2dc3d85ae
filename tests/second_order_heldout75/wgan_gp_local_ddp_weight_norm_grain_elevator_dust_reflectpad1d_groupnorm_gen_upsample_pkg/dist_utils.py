import os
import contextlib

import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel


def world_size():
    return int(os.environ.get("WORLD_SIZE", "1"))


def is_main():
    return int(os.environ.get("RANK", "0")) == 0


def maybe_ddp(module):
    if world_size() > 1:
        if not dist.is_initialized():
            dist.init_process_group("gloo")
        return DistributedDataParallel(module)
    return module


def unwrap(module):
    while hasattr(module, "module"):
        module = module.module
    return module


def no_sync(module, sync):
    """DDP's no_sync during accumulation micro-steps; a null context for an unwrapped module."""
    if not sync and isinstance(module, DistributedDataParallel):
        return module.no_sync()
    return contextlib.nullcontext()
