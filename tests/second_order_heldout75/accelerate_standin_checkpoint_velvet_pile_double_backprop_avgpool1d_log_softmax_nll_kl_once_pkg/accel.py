"""Tiny local stand-in for `accelerate.Accelerator` (the real package is not installed here)."""
import contextlib

import torch


class _PreparedModel(torch.nn.Module):
    """Mimics the wrapper accelerate puts around a model (DDP / autocast forward)."""

    def __init__(self, module, autocast_ctx):
        super().__init__()
        self.module = module
        self._autocast_ctx = autocast_ctx

    def forward(self, *args, **kwargs):
        with self._autocast_ctx():
            return self.module(*args, **kwargs)


class Accelerator:
    def __init__(self, mixed_precision="no", gradient_accumulation_steps=1):
        self.mixed_precision = mixed_precision
        self.gradient_accumulation_steps = gradient_accumulation_steps
        self._micro = 0
        self.sync_gradients = True
        self.device = torch.device("cpu")

    def autocast(self):
        return torch.autocast("cpu", dtype=torch.bfloat16, enabled=self.mixed_precision == "bf16")

    def prepare(self, *objects):
        out = []
        for obj in objects:
            if isinstance(obj, torch.nn.Module):
                obj = _PreparedModel(obj.to(self.device), self.autocast)
            out.append(obj)
        return tuple(out) if len(out) > 1 else out[0]

    @contextlib.contextmanager
    def accumulate(self, model):
        self._micro += 1
        self.sync_gradients = self._micro % self.gradient_accumulation_steps == 0
        yield

    def backward(self, loss, **kwargs):
        (loss / self.gradient_accumulation_steps).backward(**kwargs)

    def unwrap_model(self, model):
        return model.module if isinstance(model, _PreparedModel) else model

    def print(self, *args):
        print(*args)
